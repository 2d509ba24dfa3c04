// The queue rules on a real workspace (demo slice): each rule finds exactly the segments its SQL
// condition describes, with the documented proposal, reason and evidence; re-running adds only
// what is new and keeps decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReviewWorkspace, type ReviewTestWorkspace } from '../testing/review-test-workspace';

let w: ReviewTestWorkspace;
let success: string; // repair-000-s0: success, reward 1
let failure: string; // repair-000-s5: failure, reward 0

beforeAll(async () => {
  w = await openReviewWorkspace();
  success = await w.trajectory('repair-000-s0');
  failure = await w.trajectory('repair-000-s5');
  // Success: seg 0 judged regression (0.91); seg 1 judged regression (0.40) against a heuristic
  // useful_exploration; seg 2 heuristic regression overridden by a human useful_exploration.
  await w.label(success, 0, 'regression', 'judge:v1@m', 0.91);
  await w.label(success, 1, 'useful_exploration', 'heuristic:triage-rules/1');
  await w.label(success, 1, 'regression', 'judge:v1@m', 0.4);
  await w.label(success, 2, 'regression', 'heuristic:triage-rules/1');
  await w.label(success, 2, 'useful_exploration', 'human:alice');
  // Failure: seg 0 heuristic decisive_progress; seg 1's credit flips sign.
  await w.label(failure, 0, 'decisive_progress', 'heuristic:triage-rules/1');
  await w.label(failure, 1, 'useful_exploration', 'heuristic:triage-rules/1');
  await w.run(
    `INSERT INTO tw_credit (trajectory_id, segment_index, outcome_advantage, role_bonus,
      progress_advantage, total, sign_flipped, params, segmentation)
    VALUES ($1, 1, -0.05, 0.1, NULL, 0.05, true, '{}', 'action'),
           ($1, 0, -0.05, 0.2, NULL, 0.15, false, '{}', 'action')`,
    [failure],
  );
  // The success's predicted failure step falls inside its segment 3, where progress drops 0.3.
  await w.run(
    `INSERT INTO tw_credit (trajectory_id, segment_index, outcome_advantage, role_bonus,
      progress_advantage, total, sign_flipped, params, segmentation)
    VALUES ($1, 3, 0.5, 0.0, -0.3, 0.5, false, '{}', 'action')`,
    [success],
  );
  const [seg3] = await w.sql(
    `SELECT turn_start, turn_end FROM segments WHERE trajectory_id = $1 AND segment_index = 3
     AND segmentation = 'action'`,
    [success],
  );
  await w.run(
    `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, failure_step,
      best_in_group, params, segmentation) VALUES ($1, -0.3, $2, false, '{}', 'action')`,
    [success, Number(seg3?.turn_end)],
  );
}, 120_000);
afterAll(() => w.cleanup());

const summary = (
  items: {
    rule: string;
    trajectory_id: string;
    segment_index: number | null;
    proposed: string | null;
  }[],
) =>
  items.map(
    (i) => `${i.rule} ${i.trajectory_id.split('-').at(-1)}#${i.segment_index} ${i.proposed}`,
  );

describe('review queue rules', () => {
  it('queues exactly what each rule describes, with its proposal and reason', async () => {
    const result = await w.queue();
    expect(result).toMatchObject({
      added: 8,
      by_rule: {
        regression_in_success: 2,
        progress_in_failure: 1,
        label_disagreement: 2,
        low_judge_confidence: 1,
        failure_step_in_success: 1,
        sign_flip: 1,
      },
    });
    const { items, total } = await w.call('listReviewQueue', {});
    expect(total).toBe(8);
    expect(summary(items)).toEqual([
      'failure_step_in_success s0#3 regression',
      'label_disagreement s0#1 regression',
      'label_disagreement s0#2 useful_exploration',
      'low_judge_confidence s0#1 regression',
      'progress_in_failure s5#0 decisive_progress',
      'regression_in_success s0#0 regression',
      'regression_in_success s0#1 regression',
      'sign_flip s5#1 useful_exploration',
    ]);
    const reasons = Object.fromEntries(
      items.map((i) => [`${i.rule}#${i.segment_index}`, i.reason]),
    );
    expect(reasons['regression_in_success#0']).toBe(
      'judge says regression (0.91) in a successful trajectory',
    );
    expect(reasons['progress_in_failure#0']).toBe(
      'heuristic says decisive_progress in a failed trajectory',
    );
    expect(reasons['label_disagreement#1']).toBe(
      'labels disagree: judge regression (0.40), heuristic useful_exploration',
    );
    expect(reasons['label_disagreement#2']).toBe(
      'labels disagree: human useful_exploration, heuristic regression',
    );
    expect(reasons['low_judge_confidence#1']).toBe(
      'judge says regression with low confidence 0.40 (< 0.60)',
    );
    expect(reasons['failure_step_in_success#3']).toMatch(
      /^progress drops by 0\.300 \(> 0\.200\) at the failure step \(turn \d+\) in this segment of a successful trajectory$/,
    );
    expect(reasons['sign_flip#1']).toBe(
      'role bonus of useful_exploration flips the sign of the outcome advantage (-0.050 -> total 0.050)',
    );
    expect(items.every((i) => i.status === 'pending' && i.segmentation === 'action')).toBe(true);
  });

  it('keeps the evidence: labels by source kind, outcome, credit, failure step', async () => {
    const { items } = await w.call('listReviewQueue', { rule: 'label_disagreement' });
    const item = items.find((i) => i.segment_index === 1);
    expect(item?.evidence).toMatchObject({
      labels: {
        human: null,
        judge: { label: 'regression', source: 'judge:v1@m', confidence: 0.4 },
        heuristic: { label: 'useful_exploration', source: 'heuristic:triage-rules/1' },
        in_force: { label: 'regression', source: 'judge:v1@m', confidence: 0.4 },
      },
      success: true,
      reward: 1,
      credit: null,
      failure_step: expect.any(Number),
    });
    const [flip] = (await w.call('listReviewQueue', { rule: 'sign_flip' })).items;
    expect(flip?.evidence).toMatchObject({
      success: false,
      reward: 0,
      credit: { total: 0.05, sign_flipped: true, outcome_advantage: -0.05, role_bonus: 0.1 },
      failure_step: null,
    });
  });

  it('re-running adds only new items and keeps decisions', async () => {
    const [first] = (await w.call('listReviewQueue', { rule: 'sign_flip' })).items;
    await w.call('decideReviewItem', { item_id: first?.item_id ?? '', decision: 'reject' });
    expect(await w.queue()).toMatchObject({ added: 0 });
    // A stricter threshold is a new question about the same segment: one new item only.
    expect(await w.queue({ rules: ['low_judge_confidence'], min_confidence: 0.95 })).toMatchObject({
      added: 1,
      by_rule: { low_judge_confidence: 1 },
    });
    const after = await w.call('listReviewQueue', { rule: 'sign_flip' });
    expect(after.items[0]).toMatchObject({ item_id: first?.item_id, status: 'rejected' });
    expect((await w.call('listReviewQueue', {})).total).toBe(9);
  });

  it('scopes to a dataset and refuses an unknown one before starting', async () => {
    await expect(w.call('startReviewQueue', { dataset_id: 'nope' })).rejects.toThrow(/no dataset/);
    const [dataset] = await w.sql(`SELECT dataset_id FROM datasets`);
    expect(await w.queue({ dataset_id: String(dataset?.dataset_id) })).toMatchObject({ added: 0 });
  });

  it('lists with filters, totals over the whole queue and pages in a stable order', async () => {
    const all = await w.call('listReviewQueue', {});
    expect(all.by_status).toEqual({ pending: 8, rejected: 1 });
    expect(all.by_rule).toMatchObject({ regression_in_success: 2, low_judge_confidence: 2 });
    const rejected = await w.call('listReviewQueue', { status: 'rejected' });
    expect(rejected.total).toBe(1);
    expect(rejected.by_status).toEqual(all.by_status);
    const pages = [];
    for (let offset = 0; offset < all.total; offset += 4)
      pages.push(...(await w.call('listReviewQueue', { offset, limit: 4 })).items);
    expect(pages.map((i) => i.item_id)).toEqual(all.items.map((i) => i.item_id));
  });
});
