// The charts' aggregates on a small hand-made workspace: success per task and model, integer
// histograms by outcome, label mix, credit histograms, and the ROC / AUROC of the progress score
// against a hand-computed example and against shared/rank-metrics.ts.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARTS_API } from '../../shared/api-charts';
import { auroc } from '../../shared/rank-metrics';
import type { TrajectoryFilter } from '../../shared/trajectory-filter';
import { runImport } from '../import/run-import';
import { JobRunner } from '../core/jobs';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { chartsHandlers } from './charts-handlers';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** id, task, model, success, actions, progress score (undefined: not scored). */
const DATA: [string, string, string, boolean | null, number, number | null][] = [
  ['a', 'task-1', 'm1', true, 1, 0.9],
  ['b', 'task-1', 'm1', false, 2, 0.8],
  ['c', 'task-1', 'm2', true, 3, 0.7],
  ['d', 'task-2', 'm2', false, 4, 0.7],
  ['e', 'task-2', 'm1', false, 5, 0.3],
  ['f', 'task-3', 'm1', true, 6, 0.5],
  ['g', 'task-3', 'm1', true, 7, null],
  ['h', 'task-1', 'm2', null, 8, 0.6],
];

describe('getCharts', () => {
  let workspace: Workspace;
  let getCharts: (
    input: TrajectoryFilter & { bins?: number },
  ) => ReturnType<ReturnType<typeof chartsHandlers>['getCharts']>;

  beforeAll(async () => {
    const file = writeJsonl(
      path.join(tmp.dir, 'charts.jsonl'),
      DATA.map(([id, task, model, success, actions]) => ({
        ...turnwiseRecord({ id, task, actions }),
        model,
        success,
        reward: success === null ? null : Number(success),
      })),
    );
    workspace = await Workspace.open(path.join(tmp.dir, 'charts.duckdb'));
    const never = new AbortController().signal;
    await runImport(
      workspace,
      { paths: [file], format: 'turnwise', dataset: 'ch', onError: 'abort' },
      () => {},
      never,
    );
    for (const [id, , , , actions, score] of DATA) {
      if (score !== null) {
        await workspace.run(
          `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, segmentation)
           SELECT trajectory_id, $2, 'action' FROM tw_trajectories WHERE source_id = $1`,
          [id, score],
        );
      }
      // One credited, labeled segment per action; totals k / 10, roles cycling through the four.
      for (let k = 0; k < actions; k += 1) {
        await workspace.run(
          `INSERT INTO tw_credit (trajectory_id, segment_index, total, segmentation)
           SELECT trajectory_id, $2, $3, 'action' FROM tw_trajectories WHERE source_id = $1`,
          [id, k, k / 10],
        );
      }
      const role = actions % 2 === 0 ? 'regression' : 'decisive_progress';
      await workspace.run(
        `INSERT INTO tw_labels SELECT 'l-' || $1, trajectory_id, 0, $2, 'human:t', NULL, NULL,
           now(), 'action' FROM tw_trajectories WHERE source_id = $1`,
        [id, role],
      );
    }
    const handlers = chartsHandlers({ workspace, jobs: new JobRunner() });
    getCharts = (input) => handlers.getCharts(CHARTS_API.getCharts().input.parse(input));
  }, 30_000);
  afterAll(() => workspace.close());

  it('gives success rates per task and model, largest groups first', async () => {
    const charts = await getCharts({});
    expect(charts.trajectories).toBe(8);
    expect(charts.by_task.distinct).toBe(3);
    expect(charts.by_task.rows[0]).toEqual({
      value: 'task-1',
      n: 4,
      known: 3,
      successes: 2,
      success_rate: 2 / 3,
    });
    expect(charts.by_model.rows.map((r) => [r.value, r.n, r.success_rate])).toEqual([
      ['m1', 5, 3 / 5],
      ['m2', 3, 1 / 2],
    ]);
  });

  it('bins lengths by outcome with inclusive integer bounds', async () => {
    const charts = await getCharts({ bins: 4 });
    // n_actions 1..8 in 4 bins of 2 values.
    expect(charts.n_actions.bins).toEqual([
      { lo: 1, hi: 2 },
      { lo: 3, hi: 4 },
      { lo: 5, hi: 6 },
      { lo: 7, hi: 8 },
    ]);
    expect(charts.n_actions.counts).toEqual({
      success: [1, 1, 1, 1],
      failure: [1, 1, 1, 0],
      unknown: [0, 0, 0, 1],
    });
    // n_turns = 2 * actions + 3: 5..19, 15 values in 4 bins of 4.
    expect(charts.n_turns.bins[0]).toEqual({ lo: 5, hi: 8 });
    expect(charts.n_turns.bins.at(-1)).toEqual({ lo: 17, hi: 19 });
    const all = await getCharts({ bins: 20 });
    expect(all.n_actions.bins).toHaveLength(8);
  });

  it('respects the explorer filter', async () => {
    const charts = await getCharts({ outcome: 'failure', task_ids: ['task-2'] });
    expect(charts.trajectories).toBe(2);
    expect(charts.by_task.rows.map((r) => r.value)).toEqual(['task-2']);
    expect(charts.label_mix.cells).toEqual([
      { role_label: 'decisive_progress', outcome: 'failure', n: 1 },
      { role_label: 'regression', outcome: 'failure', n: 1 },
    ]);
    expect(charts.credit_total.values).toBe(4 + 5);
    const scored = await getCharts({ ranges: { progress_score: { min: 0.7 } } });
    expect(scored.trajectories).toBe(4);
  });

  it('counts effective labels per role and outcome', async () => {
    const charts = await getCharts({});
    expect(charts.label_mix.segments).toBe(8);
    const cell = (role: string, outcome: string) =>
      charts.label_mix.cells.find((c) => c.role_label === role && c.outcome === outcome)?.n ?? 0;
    expect(cell('decisive_progress', 'success')).toBe(3); // a, c, g
    expect(cell('regression', 'success')).toBe(1); // f
    expect(cell('regression', 'unknown')).toBe(1); // h
  });

  it('histograms credit totals and progress scores', async () => {
    const charts = await getCharts({ bins: 5 });
    expect(charts.credit_total.values).toBe(36);
    expect(charts.credit_total.bins).toHaveLength(5);
    expect(charts.credit_total.bins[0]?.lo).toBe(0);
    expect(charts.credit_total.bins.at(-1)?.hi).toBeCloseTo(0.7, 12);
    expect(charts.credit_total.bins.reduce((s, b) => s + b.count, 0)).toBe(36);
    expect(charts.progress_score.values).toBe(7);
    expect(charts.progress_score.bins.map((b) => b.count)).toEqual([1, 1, 1, 2, 2]);
  });

  it('computes the ROC and AUROC of the progress score against success', async () => {
    const { roc } = await getCharts({});
    // Positives 0.9, 0.7, 0.5; negatives 0.8, 0.7, 0.3 (h has no outcome, g no score).
    // Pairs won: 0.9 beats all 3; 0.7 beats 0.3 and ties 0.7 (1/2); 0.5 beats 0.3 -> 5.5 / 9.
    expect(roc?.positives).toBe(3);
    expect(roc?.negatives).toBe(3);
    expect(roc?.auroc).toBeCloseTo(5.5 / 9, 12);
    const scores = DATA.map((d) => d[5]);
    const labels = DATA.map((d) => d[3]);
    expect(roc?.auroc).toBeCloseTo(auroc(scores, labels) ?? NaN, 12);
    expect(roc?.points).toEqual([
      { threshold: null, fpr: 0, tpr: 0 },
      { threshold: 0.9, fpr: 0, tpr: 1 / 3 },
      { threshold: 0.8, fpr: 1 / 3, tpr: 1 / 3 },
      { threshold: 0.7, fpr: 2 / 3, tpr: 2 / 3 },
      { threshold: 0.5, fpr: 2 / 3, tpr: 1 },
      { threshold: 0.3, fpr: 1, tpr: 1 },
    ]);
  });

  it('has no ROC with one class or no scores, and empty charts for an empty filter', async () => {
    expect((await getCharts({ outcome: 'success' })).roc).toBeNull();
    expect((await getCharts({ segmentation: 'window:2' })).roc).toBeNull();
    const none = await getCharts({ task_ids: ['nope'] });
    expect(none.trajectories).toBe(0);
    expect(none.n_turns).toEqual({ bins: [], counts: { success: [], failure: [], unknown: [] } });
    expect(none.progress_score).toEqual({ values: 0, bins: [] });
    expect(none.label_mix).toEqual({ segments: 0, cells: [] });
  });
  it('downsamples a long ROC to at most 200 points and keeps the exact AUROC', async () => {
    // 600 trajectories with 450 distinct scores (ties included) in a dataset of their own.
    await workspace.run(
      `INSERT INTO tw_trajectories (trajectory_id, dataset_id, source_id, success, n_turns,
         n_actions, source_ref)
       SELECT 'big-' || i, 'big', 'big-' || i, (i * 7919) % 13 < 6, 3, 1, 'x' FROM range(600) r(i)`,
    );
    await workspace.run(
      `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, segmentation)
       SELECT 'big-' || i, ((i * 104729) % 450) / 450.0 + (i % 3 = 0)::INTEGER * 0.01, 'action'
       FROM range(600) r(i)`,
    );
    const { roc } = await getCharts({ dataset_id: 'big' });
    const rows = await workspace.query(
      `SELECT progress_score AS x, success AS y FROM tw_trajectory_scores
       JOIN tw_trajectories USING (trajectory_id) WHERE dataset_id = 'big'`,
    );
    const expected = auroc(
      rows.map((r) => Number(r.x)),
      rows.map((r) => r.y === true),
    );
    expect(roc?.points.length).toBeLessThanOrEqual(200);
    expect(roc?.points.length).toBeGreaterThan(150);
    expect(roc?.points.at(-1)).toMatchObject({ fpr: 1, tpr: 1 });
    expect(roc?.auroc).toBeCloseTo(expected ?? NaN, 12);
    const fprs = roc?.points.map((p) => p.fpr) ?? [];
    expect([...fprs].sort((a, b) => a - b)).toEqual(fprs);
  });
});
