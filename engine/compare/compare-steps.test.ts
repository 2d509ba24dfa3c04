// The comparison beyond outcomes, through the real engine: step figures (actions, tool errors,
// labels, progress) and the trained / held-out split that lineage makes possible. Every number is
// worked out by hand beside it (docs/compare.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../shared/api';
import type { RoleLabel } from '../../shared/model';
import { callOk, importDataset, startJob, type JobMethod } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

/** A rollout with `actions` tool calls; the tool results listed in `errors` are errors. */
function rollout(
  id: string,
  task: string,
  success: boolean,
  actions: number,
  errors: number[] = [],
) {
  const record = turnwiseRecord({ id, task, success, reward: success ? 1 : 0, actions });
  const messages = record.messages as Record<string, unknown>[];
  let tool = 0;
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    if (errors.includes(tool)) message.error = { kind: 'timeout', message: 'timed out' };
    tool += 1;
  }
  return record;
}

// A: T1 twice (2 actions each, one error), T2 once (3 actions). B: T1 twice (1 action each), T2
// once (2 actions, one error), T3 only in B.
const RUN_A = [
  rollout('a1', 'T1', false, 2, [1]),
  rollout('a2', 'T1', false, 2),
  rollout('a3', 'T2', true, 3),
];
const RUN_B = [
  rollout('b1', 'T1', true, 1),
  rollout('b2', 'T1', true, 1),
  rollout('b3', 'T2', false, 2, [0]),
  rollout('b4', 'T3', true, 1),
];

const { dir, cleanup } = tempDir();
let engine: Engine;
const compare = (input: Omit<ApiInput<'compareRuns'>, 'runs'>) =>
  callOk(engine, 'compareRuns', { runs: ['a', 'b'], ...input });

async function job<M extends JobMethod>(method: M, input: ApiInput<M>): Promise<JobState> {
  const started = await startJob(engine, method, input);
  const done = await engine.waitForJob(started.job_id);
  expect(done.error).toBeNull();
  return done;
}

beforeAll(async () => {
  engine = await openEngine({ dbPath: path.join(dir, 'w.duckdb') });
  await importDataset(engine, writeJsonl(path.join(dir, 'a.jsonl'), RUN_A), 'a');
  await importDataset(engine, writeJsonl(path.join(dir, 'b.jsonl'), RUN_B), 'b');
  // Labels: two on a1 (regression, decisive), one on b1 (decisive).
  const label = (trajectory: string, segment: number, role: RoleLabel) =>
    callOk(engine, 'setLabel', {
      trajectory_id: trajectory,
      segment_index: segment,
      segmentation: 'action',
      role_label: role,
    });
  await label('a:a1', 0, 'regression');
  await label('a:a1', 1, 'decisive_progress');
  await label('b:b1', 0, 'decisive_progress');
  await job('startCredit', { segmentation: 'action' });
}, 120_000);

afterAll(async () => {
  await engine.close();
  cleanup();
});

describe('compareRuns, step level', () => {
  it('counts actions, tool errors and labels over the shared tasks', async () => {
    const result = await compare({});
    expect(result.shared_tasks).toBe(2);
    expect(result.only_in).toEqual({ a: 0, b: 1 });
    // A: 7 actions in 3 rollouts, 1 error in 7 tool results. B (T1, T2): 4 in 3, 1 in 4.
    expect(result.steps.a).toMatchObject({ trajectories: 3, tool_results: 7, labelled_steps: 2 });
    expect(result.steps.a.mean_actions).toBeCloseTo(7 / 3, 12);
    expect(result.steps.a.tool_error_rate).toBeCloseTo(1 / 7, 12);
    expect(result.steps.b).toMatchObject({ trajectories: 3, tool_results: 4, labelled_steps: 1 });
    expect(result.steps.b.mean_actions).toBeCloseTo(4 / 3, 12);
    expect(result.steps.b.tool_error_rate).toBeCloseTo(1 / 4, 12);
    expect(result.steps.a.label_mix).toEqual({
      decisive_progress: 1,
      useful_exploration: 0,
      no_progress_infrastructure: 0,
      regression: 1,
    });
    expect(result.steps.b.label_mix.decisive_progress).toBe(1);
    // Per task: T2 in B is 2 actions with 1 error of 2 results.
    const t2 = result.tasks.find((task) => task.task_id === 'T2');
    expect(t2?.b).toMatchObject({ n: 1, successes: 0, mean_actions: 2, tool_error_rate: 0.5 });
    expect(t2?.status).toBe('broken');
    expect(t2?.trained).toBeNull();
  });

  it('averages the stored progress scores of the compared rollouts', async () => {
    const stored = await callOk(engine, 'runSql', {
      sql: `SELECT avg(progress_score) AS p FROM trajectory_scores JOIN trajectories
            USING (trajectory_id) WHERE dataset_id = 'a' AND segmentation = 'action'`,
    });
    const result = await compare({});
    expect(stored.rows[0]?.p).toEqual(expect.any(Number));
    expect(result.steps.a.mean_progress).toBeCloseTo(stored.rows[0]?.p as number, 12);
  });

  it("narrows to the explorer's filter", async () => {
    // Only rollouts with a tool error: a1 (T1) and b3 (T2) share no task.
    const result = await compare({ filter: { turn_error: 'any' } });
    expect(result.shared_tasks).toBe(0);
    expect(result.only_in).toEqual({ a: 1, b: 1 });
  });
});

describe('lineage', () => {
  let exportDir: string;

  beforeAll(async () => {
    exportDir = path.join(dir, 'sft-from-a');
    // Run A's T1 rollouts, exported for SFT: the training set of run B.
    await job('startExport', {
      target: 'trl-sft',
      filter: { dataset_id: 'a', task_ids: ['T1'] },
      out_dir: exportDir,
    });
  }, 60_000);

  it('records the export, names it as B’s, and splits trained from held-out tasks', async () => {
    const run = await callOk(engine, 'setRun', {
      dataset_id: 'b',
      trained_from: exportDir,
      checkpoint: 'sft1',
      step: 300,
    });
    expect(run).toMatchObject({ parent: 'a', checkpoint: 'sft1', step: 300, model_source: null });
    const listed = await callOk(engine, 'listRuns', {});
    expect(listed.exports).toEqual([
      expect.objectContaining({ export_id: run.trained_from, tasks: 1, sources: ['a'] }),
    ]);
    const trained = await compare({ tasks: 'trained' });
    expect(trained.tasks.map((t) => [t.task_id, t.trained])).toEqual([['T1', true]]);
    expect(trained).toMatchObject({ scope: 'trained', trained_from: run.trained_from, fixed: 1 });
    const held = await compare({ tasks: 'held_out' });
    expect(held.tasks.map((t) => [t.task_id, t.trained])).toEqual([['T2', false]]);
    // T3 is held out too, but only B ran it.
    expect(held.only_in).toEqual({ a: 0, b: 1 });
    const all = await compare({});
    expect(all.tasks.map((t) => t.trained)).toEqual([true, false]);
  });

  it('keeps and rolls back: the best returns to the parent', async () => {
    expect(await callOk(engine, 'decideRun', { dataset_id: 'b', verdict: 'kept' })).toEqual({
      best: 'b',
    });
    expect(await callOk(engine, 'decideRun', { dataset_id: 'b', verdict: 'rolled_back' })).toEqual({
      best: 'a',
    });
    const { runs } = await callOk(engine, 'listRuns', {});
    expect(runs.map((r) => [r.dataset_id, r.best, r.verdict])).toEqual([
      ['a', true, null],
      ['b', false, 'rolled_back'],
    ]);
  });

  it('refuses a loop, a folder that is not an export, and a scope without lineage', async () => {
    const loop = await engine.dispatch('setRun', { dataset_id: 'a', trained_from: exportDir });
    expect(loop).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // The same refusal for an export the workspace has not seen leaves no record of it.
    const copied = path.join(dir, 'copied-export');
    mkdirSync(copied);
    const manifest = JSON.parse(
      readFileSync(path.join(exportDir, 'turnwise-manifest.json'), 'utf8'),
    );
    const elsewhere = { ...manifest, export_id: 'ffffffffffffffff' };
    writeFileSync(path.join(copied, 'turnwise-manifest.json'), JSON.stringify(elsewhere));
    const unseen = await engine.dispatch('setRun', { dataset_id: 'a', trained_from: copied });
    expect(unseen).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const { exports } = await callOk(engine, 'listRuns', {});
    expect(exports).toHaveLength(1);
    const notExport = await engine.dispatch('setRun', { dataset_id: 'a', trained_from: dir });
    expect(notExport).toMatchObject({ ok: false, error: { code: 'io' } });
    expect(JSON.stringify(notExport)).toContain('turnwise-manifest.json');
    const scoped = await engine.dispatch('compareRuns', { runs: ['b', 'a'], tasks: 'trained' });
    expect(scoped).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
