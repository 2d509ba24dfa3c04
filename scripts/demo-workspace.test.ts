// The demo workspace `npm start` opens holds two runs with their lineage, and comparing them gives
// the numbers datasets/demo/README.md ("The checkpoint run") states, worked out by hand below.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../shared/api';
import { callOk } from '../engine/testing/dispatch-test-support';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import { tempDir } from '../engine/testing/test-support';
import { ensureDemoWorkspace } from './demo-workspace';

const { dir, cleanup } = tempDir();
let engine: Engine;
const compare = (tasks: ApiInput<'compareRuns'>['tasks']) =>
  callOk(engine, 'compareRuns', { runs: ['demo', 'checkpoint'], tasks });

beforeAll(async () => {
  const db = await ensureDemoWorkspace(path.join(dir, 'demo.duckdb'));
  // A second call reuses the workspace as it is.
  expect(await ensureDemoWorkspace(db)).toBe(db);
  engine = await openEngine({ dbPath: db, readOnly: true });
}, 120_000);

afterAll(async () => {
  await engine?.close();
  cleanup();
});

describe('the demo workspace', () => {
  it('links the checkpoint run to the export of the base run it was trained on', async () => {
    const { runs, exports } = await callOk(engine, 'listRuns', {});
    expect(runs.map((r) => [r.dataset_id, r.parent, r.checkpoint])).toEqual([
      ['demo', null, null],
      ['checkpoint', 'demo', 'sft1'],
    ]);
    // The 16 repair and config tasks are the training set.
    expect(exports).toEqual([expect.objectContaining({ tasks: 16 })]);
  });

  it('compares as the README says: 4 fixed on trained tasks, 1 broken held out', async () => {
    const all = await compare('all');
    // 8 rollouts a task: rates over tasks are successes / 192: 92 and 114.
    expect(all).toMatchObject({ shared_tasks: 24, fixed: 4, broken: 1, unchanged: 19 });
    expect(all.success_a).toBeCloseTo(92 / 192, 12);
    expect(all.success_b).toBeCloseTo(114 / 192, 12);
    // McNemar with 4 fixed, 1 broken: 2 * (C(5,0) + C(5,1)) / 2^5 = 0.375.
    expect(all.mcnemar_p).toBeCloseTo(0.375, 12);
    const fixed = all.tasks.filter((t) => t.status === 'fixed').map((t) => t.task_id);
    expect(fixed).toEqual(['config-013', 'config-019', 'repair-009', 'repair-012']);
    expect(all.tasks.find((t) => t.status === 'broken')?.task_id).toBe('investigate-017');
    // Rule labels and progress scores are there, so steps can be compared from the start.
    expect(all.steps.a.labelled_steps).toBeGreaterThan(0);
    expect(all.steps.b.mean_progress).not.toBeNull();

    const trained = await compare('trained');
    expect(trained).toMatchObject({ shared_tasks: 16, fixed: 4, broken: 0 });
    const held = await compare('held_out');
    expect(held).toMatchObject({ shared_tasks: 8, fixed: 0, broken: 1 });
  });
});
