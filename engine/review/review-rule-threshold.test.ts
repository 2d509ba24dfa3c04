// failure_step_in_success fires only where progress really drops at the failure step
// (docs/review.md): constructed failure steps and progress advantages in successful trajectories
// of the demo slice, queued at the default threshold, a lower one, and refused thresholds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_DROP } from '../../shared/api-review';
import { openReviewWorkspace, type ReviewTestWorkspace } from '../testing/review-test-workspace';

let w: ReviewTestWorkspace;
/** Success trajectory -> [failure segment, its progress advantage]. */
let cases: { id: string; segment: number; advantage: number }[];

/** Puts the predicted failure step at the end of `segment`, with that step's progress advantage. */
async function failureAt(id: string, segment: number, advantage: number) {
  const [row] = await w.sql(
    `SELECT turn_end FROM segments WHERE trajectory_id = $1 AND segment_index = $2
     AND segmentation = 'action'`,
    [id, segment],
  );
  await w.run(
    `INSERT INTO tw_credit (trajectory_id, segment_index, outcome_advantage, role_bonus,
      progress_advantage, total, sign_flipped, params, segmentation)
    VALUES ($1, $2, 0.5, 0.0, $3, 0.5, false, '{}', 'action')`,
    [id, segment, advantage],
  );
  await w.run(
    `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, failure_step,
      best_in_group, params, segmentation) VALUES ($1, $2, $3, false, '{}', 'action')`,
    [id, advantage, Number(row?.turn_end)],
  );
}

beforeAll(async () => {
  w = await openReviewWorkspace();
  const successes = await w.sql(
    `SELECT trajectory_id FROM trajectories t WHERE success
       AND (SELECT count(*) FROM segments s WHERE s.trajectory_id = t.trajectory_id
            AND segmentation = 'action') >= 3
     ORDER BY trajectory_id LIMIT 3`,
  );
  const [a, b, c] = successes.map((row) => String(row.trajectory_id));
  if (a === undefined || b === undefined || c === undefined) throw new Error('three successes');
  // The first step with progress rising (the failure method's fallback when nothing dropped), a
  // small drop, a large one.
  cases = [
    { id: a, segment: 0, advantage: 0.1 },
    { id: b, segment: 2, advantage: -0.1 },
    { id: c, segment: 1, advantage: -0.35 },
  ];
  for (const { id, segment, advantage } of cases) await failureAt(id, segment, advantage);
}, 120_000);
afterAll(() => w.cleanup());

const queued = async () =>
  (await w.call('listReviewQueue', { rule: 'failure_step_in_success' })).items.map(
    (item) => `${item.trajectory_id}#${item.segment_index}`,
  );

describe('failure_step_in_success threshold', () => {
  it('queues only the drop above the default threshold, with the drop in the reason', async () => {
    // A drop equal to the threshold is not above it.
    expect(
      await w.queue({ rules: ['failure_step_in_success'], min_progress_drop: 0.35 }),
    ).toMatchObject({ added: 0 });
    expect(DEFAULT_PROGRESS_DROP).toBe(0.2);
    expect(await w.queue({ rules: ['failure_step_in_success'] })).toMatchObject({
      added: 1,
      by_rule: { failure_step_in_success: 1 },
    });
    const [, , large] = cases as [unknown, unknown, { id: string; segment: number }];
    expect(await queued()).toEqual([`${large.id}#${large.segment}`]);
    const [item] = (await w.call('listReviewQueue', { rule: 'failure_step_in_success' })).items;
    expect(item?.reason).toMatch(
      /^progress drops by 0\.350 \(> 0\.200\) at the failure step \(turn \d+\) in this segment/,
    );
    expect(item?.evidence).toMatchObject({
      credit: { progress_advantage: -0.35 },
      failure_step: expect.any(Number),
    });
  });

  it('a lower threshold adds the small drop, never the first step where progress rose', async () => {
    expect(
      await w.queue({ rules: ['failure_step_in_success'], min_progress_drop: 0.05 }),
    ).toMatchObject({ added: 1 });
    expect(
      await w.queue({ rules: ['failure_step_in_success'], min_progress_drop: 0 }),
    ).toMatchObject({ added: 0 });
    const [, small, large] = cases as { id: string; segment: number }[];
    expect((await queued()).sort()).toEqual(
      [`${small?.id}#${small?.segment}`, `${large?.id}#${large?.segment}`].sort(),
    );
  });

  it.each([-0.1, Number.NaN, Number.POSITIVE_INFINITY, '0.3'])(
    'refuses the threshold %s before starting',
    async (bad) => {
      await expect(
        w.call('startReviewQueue', { min_progress_drop: bad as number }),
      ).rejects.toThrow();
    },
  );
});
