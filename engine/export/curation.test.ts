// Curation on a real workspace (24 demo rollouts of 3 tasks, one group each: repair-000 with 6
// successes of 8, investigate-002 with 2 of 8, config-001 with 0 of 8): approved counterexamples,
// the group success range, top-k per task, the spread cap per task and stratification, each
// checked against the stored rows rather than against numbers written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportSelectionSchema } from '../../shared/api-export';
import type { z } from 'zod';
import type { Workspace } from '../store/workspace';
import { type DemoWorkspace, openDemoWorkspace } from '../testing/export-test-workspace';
import { previewExport } from './run-export';
import { selectTrajectories } from './selection';

interface Row {
  trajectory_id: string;
  task_id: string;
  reward: number;
  success: boolean;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe('export curation', () => {
  let demo: DemoWorkspace;
  let workspace: Workspace;
  let rows: Row[];

  const select = async (options: Partial<z.input<typeof ExportSelectionSchema>>) =>
    selectTrajectories(workspace, ExportSelectionSchema.parse({ target: 'trl-sft', ...options }));

  beforeAll(async () => {
    demo = await openDemoWorkspace({ lines: 24 });
    workspace = demo.workspace;
    rows = (await workspace.query(
      'SELECT trajectory_id, task_id, reward, success FROM trajectories ORDER BY trajectory_id',
    )) as unknown as Row[];
  }, 60_000);
  afterAll(() => demo.cleanup());

  it('measures difficulty as the success rate of the group', async () => {
    const all = await select({});
    expect(all).toHaveLength(24);
    for (const t of all) {
      const group = rows.filter((r) => r.task_id === t.task_id);
      expect(t.group_success).toBeCloseTo(group.filter((r) => r.success).length / group.length);
    }
  });

  it('drops, keeps or keeps only trajectories with an approved counterexample', async () => {
    const [a, b, c, d] = rows;
    await workspace.query(
      `INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed, created_at) VALUES
         ('i1', 'regression_in_success', $1, 0, 'regression', now()),
         ('i2', 'regression_in_success', $2, 0, 'regression', now()),
         ('i3', 'regression_in_success', $3, 0, 'regression', now()),
         ('i4', 'regression_in_success', $4, 0, 'regression', now())`,
      [a, b, c, d].map((row) => row?.trajectory_id ?? ''),
    );
    // i1 approved; i2 approved then undone (pending again); i3 rejected; i4 relabeled (an
    // approved counterexample whose right label the reviewer gave).
    await workspace.query(
      `INSERT INTO tw_review_events (item_id, status, decided_label, note, decided_by, decided_at) VALUES
         ('i1', 'approved', 'regression', NULL, 'human:ana', TIMESTAMPTZ '2026-01-01 10:00:00+00'),
         ('i2', 'approved', 'regression', NULL, 'human:ana', TIMESTAMPTZ '2026-01-01 10:00:00+00'),
         ('i2', 'pending', NULL, NULL, 'human:ana', TIMESTAMPTZ '2026-01-01 10:05:00+00'),
         ('i3', 'rejected', NULL, NULL, 'human:ana', TIMESTAMPTZ '2026-01-01 10:00:00+00'),
         ('i4', 'relabeled', 'useful_exploration', NULL, 'human:ana',
          TIMESTAMPTZ '2026-01-01 10:00:00+00')`,
    );
    try {
      expect(await select({ counterexamples: 'keep' })).toHaveLength(24);
      const dropped = await select({ counterexamples: 'drop' });
      expect(dropped.map((t) => t.trajectory_id)).not.toContain(a?.trajectory_id);
      expect(dropped.map((t) => t.trajectory_id)).not.toContain(d?.trajectory_id);
      expect(dropped).toHaveLength(22);
      const only = await select({ counterexamples: 'only' });
      expect(only.map((t) => t.trajectory_id)).toEqual([a?.trajectory_id, d?.trajectory_id]);
    } finally {
      await workspace.query('DELETE FROM tw_review_events');
      await workspace.query('DELETE FROM tw_review_items');
    }
  });

  it('keeps groups whose success rate lies in the range', async () => {
    const easy = await select({ group_success_min: 0.5 });
    expect(countBy(easy, (t) => t.task_id ?? '')).toEqual({ 'repair-000': 8 });
    const hard = await select({ group_success_max: 0.3 });
    expect(countBy(hard, (t) => t.task_id ?? '')).toEqual({
      'investigate-002': 8,
      'config-001': 8,
    });
  });

  it('keeps the top k per task by reward, ties broken by id', async () => {
    const top = await select({ top_k: 2 });
    const expected = [...new Set(rows.map((r) => r.task_id))].flatMap((task) =>
      rows
        .filter((r) => r.task_id === task)
        .sort((x, y) => y.reward - x.reward || (x.trajectory_id < y.trajectory_id ? -1 : 1))
        .slice(0, 2)
        .map((r) => r.trajectory_id),
    );
    expect(top.map((t) => t.trajectory_id)).toEqual(expected.sort());
  });

  it('keeps the top k per task by progress score for the segmentation', async () => {
    // Scores that reverse the id order within each task, so the result cannot be the id order.
    await workspace.query(
      `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, segmentation)
       SELECT trajectory_id, -row_number() OVER (PARTITION BY task_id ORDER BY trajectory_id DESC),
         'action'
       FROM tw_trajectories`,
    );
    try {
      const top = await select({ top_k: 1, top_k_by: 'progress_score' });
      const expected = [...new Set(rows.map((r) => r.task_id))].map(
        (task) => rows.filter((r) => r.task_id === task).at(-1)?.trajectory_id,
      );
      expect(top.map((t) => t.trajectory_id)).toEqual(expected.sort());
    } finally {
      await workspace.query('DELETE FROM tw_trajectory_scores');
    }
  });

  it('caps per task with a repeatable spread that is not the top by reward', async () => {
    const capped = await select({ max_per_task: 3 });
    expect(Object.values(countBy(capped, (t) => t.task_id ?? ''))).toEqual([3, 3, 3]);
    expect(await select({ max_per_task: 3 })).toEqual(capped);
    const top = await select({ top_k: 3 });
    expect(capped.map((t) => t.trajectory_id)).not.toEqual(top.map((t) => t.trajectory_id));
  });

  it('stratifies by group success rate: the same number from each bin', async () => {
    // Bins [0, 0.5) and [0.5, 1]: config and investigate (16) against repair (8).
    const strata = await select({ stratify_bins: 2 });
    const inBins = countBy(strata, (t) => ((t.group_success ?? 0) < 0.5 ? 'hard' : 'easy'));
    expect(inBins).toEqual({ hard: 8, easy: 8 });
    // Curation steps compose: the cap applies before stratification.
    const both = await select({ stratify_bins: 2, max_per_task: 2 });
    expect(countBy(both, (t) => ((t.group_success ?? 0) < 0.5 ? 'hard' : 'easy'))).toEqual({
      hard: 2,
      easy: 2,
    });
  });

  it('previews a large selection by building the first records and estimating the rest', async () => {
    const selection = ExportSelectionSchema.parse({ target: 'trl-kto' });
    const exact = await previewExport(workspace, selection, 2);
    expect(exact).toMatchObject({ records_exact: true, planned: 24, sampled: 24, records: 24 });
    const estimated = await previewExport(workspace, selection, 2, 10);
    expect(estimated).toMatchObject({ records_exact: false, planned: 24, sampled: 10 });
    expect(estimated.records).toBe(24);
    expect(estimated.first_records).toEqual(exact.first_records);
  });
});
