// The review event log on a real workspace: decisions append events and (approve, relabel)
// human labels in force with current label counts; undo returns the item and the segment's
// human label to the state before the newest event; undoing an undo redoes; refusals are typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelCountsQuery } from '../store/label-counts';
import { openReviewWorkspace, type ReviewTestWorkspace } from '../testing/review-test-workspace';

let w: ReviewTestWorkspace;
let traj: string;

beforeAll(async () => {
  w = await openReviewWorkspace(8);
  traj = await w.trajectory('repair-000-s0');
  await w.label(traj, 0, 'regression', 'judge:v1@m', 0.91);
  await w.label(traj, 1, 'regression', 'judge:v1@m', 0.4);
  await w.label(traj, 1, 'useful_exploration', 'human:alice');
  expect(await w.queue({ rules: ['regression_in_success', 'sign_flip'] })).toMatchObject({
    added: 1,
  });
}, 120_000);
afterAll(() => w.cleanup());

const itemOf = async (rule: string, segment: number) => {
  const { items } = await w.call('listReviewQueue', {});
  const item = items.find((i) => i.rule === rule && i.segment_index === segment);
  if (!item) throw new Error(`no ${rule} item for segment ${segment}`);
  return item;
};
const inForce = async (segment: number) =>
  (
    await w.sql(
      `SELECT role_label, source FROM labels_effective WHERE trajectory_id = $1
       AND segmentation = 'action' AND segment_index = $2`,
      [traj, segment],
    )
  )[0];
/** tw_label_counts must equal a recount from the label log. */
const expectCountsCurrent = async () => {
  const stored = await w.sql(
    `SELECT * FROM tw_label_counts WHERE trajectory_id = $1 ORDER BY ALL`,
    [traj],
  );
  const recount = await w.sql(`${labelCountsQuery('trajectory_id = $1')} ORDER BY ALL`, [traj]);
  expect(stored).toEqual(recount);
};
const statuses = async (itemId: string) =>
  (await w.call('listReviewEvents', { item_id: itemId })).events.map(
    (e) => `${e.status}:${e.decided_label ?? '-'}:${e.decided_by}`,
  );

describe('review decisions', () => {
  it('approve writes the event and a human label in force; undo and redo', async () => {
    const item = await itemOf('regression_in_success', 0);
    const approved = await w.call('decideReviewItem', {
      item_id: item.item_id,
      decision: 'approve',
      note: 'breaks the build',
      by: 'bob',
    });
    expect(approved).toMatchObject({
      status: 'approved',
      decided_label: 'regression',
      note: 'breaks the build',
      decided_by: 'bob',
    });
    expect(await inForce(0)).toEqual({ role_label: 'regression', source: 'human:bob' });
    await expectCountsCurrent();

    const undone = await w.call('undoReviewDecision', { item_id: item.item_id, by: 'bob' });
    expect(undone).toMatchObject({ status: 'pending', decided_label: null, note: null });
    // No human label before: the one the decision wrote is gone, the judge's is in force again.
    expect(await inForce(0)).toEqual({ role_label: 'regression', source: 'judge:v1@m' });
    expect(
      await w.sql(
        `SELECT count(*) AS n FROM labels WHERE trajectory_id = $1 AND segment_index = 0
        AND source LIKE 'human:%'`,
        [traj],
      ),
    ).toEqual([{ n: 0 }]);
    await expectCountsCurrent();

    // Undoing the undo redoes the approval (by whoever redid it).
    const redone = await w.call('undoReviewDecision', { item_id: item.item_id, by: 'carol' });
    expect(redone).toMatchObject({
      status: 'approved',
      decided_label: 'regression',
      note: 'breaks the build',
    });
    expect(await inForce(0)).toEqual({ role_label: 'regression', source: 'human:carol' });
    expect(await statuses(item.item_id)).toEqual([
      'approved:regression:bob',
      'pending:-:bob',
      'approved:regression:carol',
    ]);
    await expectCountsCurrent();
  });

  it('relabel over an earlier human label; undo appends that label again', async () => {
    const item = await w.call('addReviewItem', {
      trajectory_id: traj,
      segment_index: 1,
      note: 'check this one',
      by: 'bob',
    });
    expect(item).toMatchObject({ rule: 'manual', reason: 'check this one', proposed: null });
    expect(item.evidence).toMatchObject({
      labels: { human: { label: 'useful_exploration', source: 'human:alice' } },
    });
    await expect(
      w.call('decideReviewItem', { item_id: item.item_id, decision: 'approve' }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: /proposes no label/ });
    await expect(
      w.call('decideReviewItem', { item_id: item.item_id, decision: 'relabel' }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: /needs the label/ });
    await w.call('decideReviewItem', {
      item_id: item.item_id,
      decision: 'relabel',
      label: 'no_progress_infrastructure',
      by: 'bob',
    });
    expect(await inForce(1)).toEqual({
      role_label: 'no_progress_infrastructure',
      source: 'human:bob',
    });
    // Then reject: the relabel's label is withdrawn, alice's is back.
    await w.call('decideReviewItem', { item_id: item.item_id, decision: 'reject', by: 'bob' });
    expect(await inForce(1)).toEqual({ role_label: 'useful_exploration', source: 'human:alice' });
    // Undo the reject: the relabel is in force again, with its label.
    const back = await w.call('undoReviewDecision', { item_id: item.item_id, by: 'bob' });
    expect(back).toMatchObject({
      status: 'relabeled',
      decided_label: 'no_progress_infrastructure',
    });
    expect(await inForce(1)).toEqual({
      role_label: 'no_progress_infrastructure',
      source: 'human:bob',
    });
    // The label log only grew: alice's label, bob's, alice's again, bob's again.
    const log = await w.sql(
      `SELECT role_label, source FROM labels WHERE trajectory_id = $1 AND segment_index = 1
       AND source LIKE 'human:%' ORDER BY created_at`,
      [traj],
    );
    expect(log.map((r) => `${r.source} ${r.role_label}`)).toEqual([
      'human:alice useful_exploration',
      'human:bob no_progress_infrastructure',
      'human:alice useful_exploration',
      'human:bob no_progress_infrastructure',
    ]);
    await expectCountsCurrent();
    // Adding the same segment again returns the queued item.
    const again = await w.call('addReviewItem', { trajectory_id: traj, segment_index: 1 });
    expect(again).toMatchObject({ item_id: item.item_id, status: 'relabeled' });
  });

  it('an undo leaves a human label set after the decision alone', async () => {
    const item = await itemOf('regression_in_success', 0);
    await w.call('undoReviewDecision', { item_id: item.item_id, by: 'carol' }); // -> pending
    await w.call('decideReviewItem', { item_id: item.item_id, decision: 'approve', by: 'bob' });
    await w.label(traj, 0, 'decisive_progress', 'human:dave');
    const undone = await w.call('undoReviewDecision', { item_id: item.item_id, by: 'bob' });
    expect(undone.status).toBe('pending');
    expect(await inForce(0)).toEqual({ role_label: 'decisive_progress', source: 'human:dave' });
    await expectCountsCurrent();
  });

  it('whole trajectories: reject only; refusals are typed and write nothing', async () => {
    const item = await w.call('addReviewItem', { trajectory_id: traj, by: 'bob' });
    expect(item).toMatchObject({ segment_index: null, reason: 'added by bob', rule: 'manual' });
    expect(item.evidence).toMatchObject({ success: true, reward: 1 });
    for (const decision of ['approve', 'relabel'] as const) {
      await expect(
        w.call('decideReviewItem', { item_id: item.item_id, decision, label: 'regression' }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
    }
    await expect(
      w.call('decideReviewItem', { item_id: item.item_id, decision: 'relabel' }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: /whole trajectory/ });
    await expect(w.call('undoReviewDecision', { item_id: item.item_id })).rejects.toMatchObject({
      code: 'invalid_input',
      message: /no decision to undo/,
    });
    expect(await statuses(item.item_id)).toEqual([]);
    const rejected = await w.call('decideReviewItem', {
      item_id: item.item_id,
      decision: 'reject',
    });
    expect(rejected).toMatchObject({ status: 'rejected', decided_by: 'local' });
    await expect(
      w.call('decideReviewItem', { item_id: 'missing', decision: 'reject' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      w.call('addReviewItem', { trajectory_id: traj, segment_index: 999 }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.call('addReviewItem', { trajectory_id: 'nope' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
