// Each rule's precision so far and the status filter, both by the decision in force (the newest
// event): the arithmetic alone, then on the demo slice with decisions, an undo and a redecision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_RULES } from '../../shared/api-review';
import { ruleStats } from './review-rule-stats';
import { openReviewWorkspace, type ReviewTestWorkspace } from '../testing/review-test-workspace';

describe('ruleStats', () => {
  it('decided = approved + relabeled + rejected; precision = (approved + relabeled) / decided', () => {
    expect(ruleStats('sign_flip', { pending: 4, approved: 3, relabeled: 2, rejected: 3 })).toEqual({
      rule: 'sign_flip',
      queued: 12,
      pending: 4,
      decided: 8,
      approved: 3,
      relabeled: 2,
      rejected: 3,
      precision: 5 / 8,
    });
  });

  it('has no precision while nothing is decided, and 0 when everything was rejected', () => {
    const none = { pending: 0, approved: 0, relabeled: 0, rejected: 0 };
    expect(ruleStats('manual', none)).toMatchObject({ queued: 0, decided: 0, precision: null });
    expect(ruleStats('manual', { ...none, pending: 5 }).precision).toBeNull();
    expect(ruleStats('manual', { ...none, rejected: 2 }).precision).toBe(0);
  });
});

let w: ReviewTestWorkspace;
let ids: string[];

beforeAll(async () => {
  w = await openReviewWorkspace(8);
  const success = await w.trajectory('repair-000-s0');
  for (const segment of [0, 1, 2, 3]) {
    await w.label(success, segment, 'regression', 'judge:v1@m', 0.9);
  }
  await w.queue({ rules: ['regression_in_success'] });
  ids = (await w.call('listReviewQueue', {})).items.map((item) => item.item_id);
}, 120_000);
afterAll(() => w.cleanup());

describe('rule precision and the status filter on a workspace', () => {
  it('counts each item once, by its newest event', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    await w.call('decideReviewItem', { item_id: a, decision: 'approve' });
    await w.call('decideReviewItem', { item_id: b, decision: 'reject' });
    // Rejected, then relabeled: relabeled only.
    await w.call('decideReviewItem', { item_id: c, decision: 'reject' });
    await w.call('decideReviewItem', {
      item_id: c,
      decision: 'relabel',
      label: 'no_progress_infrastructure',
    });
    // Approved, then undone: pending again.
    await w.call('decideReviewItem', { item_id: d, decision: 'approve' });
    await w.call('undoReviewDecision', { item_id: d });
    const { rules } = await w.call('getReviewRuleStats', {});
    expect(rules.map((row) => row.rule)).toEqual([...REVIEW_RULES]);
    expect(rules[0]).toEqual({
      rule: 'regression_in_success',
      queued: 4,
      pending: 1,
      decided: 3,
      approved: 1,
      relabeled: 1,
      rejected: 1,
      precision: 2 / 3,
    });
    expect(rules.slice(1).every((row) => row.queued === 0 && row.precision === null)).toBe(true);
  });

  it('lists under "pending" only the items whose newest event is pending', async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    const pending = await w.call('listReviewQueue', { status: 'pending' });
    expect(pending.items.map((item) => item.item_id)).toEqual([d]);
    expect(pending.total).toBe(1);
    expect(
      (await w.call('listReviewQueue', { status: 'rejected' })).items.map((i) => i.item_id),
    ).toEqual([b]);
    // Deciding the undone item again takes it out of "pending".
    await w.call('decideReviewItem', { item_id: d, decision: 'reject' });
    expect((await w.call('listReviewQueue', { status: 'pending' })).items).toEqual([]);
    const all = await w.call('listReviewQueue', {});
    expect(Object.fromEntries(all.items.map((item) => [item.item_id, item.status]))).toEqual({
      [a]: 'approved',
      [b]: 'rejected',
      [c]: 'relabeled',
      [d]: 'rejected',
    });
    const [stats] = (await w.call('getReviewRuleStats', {})).rules;
    expect(stats).toMatchObject({ pending: 0, decided: 4, rejected: 2, precision: 0.5 });
  });
});
