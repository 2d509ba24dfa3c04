// Dataset segmentations on real files: tau-bench dialogues default to `turn`, where every
// assistant reply is a segment the labels, heuristics and pages use; Inspect agent logs keep
// `action`; a stored choice is what getTrajectory hands the trajectory page.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { samplePath, tempDir } from '../testing/test-support';

let engine: Engine;
let cleanup: () => void;

async function importFile(file: string, dataset: string): Promise<void> {
  const job = await callOk(engine, 'startImport', {
    paths: [file],
    dataset,
    format: 'auto',
  });
  expect((await engine.waitForJob(job.job_id)).error).toBeNull();
}

const choice = (dataset: string) =>
  callOk(engine, 'getDatasetSegmentation', {
    dataset_id: dataset,
  });

async function firstTrajectory(dataset: string): Promise<string> {
  const { rows } = await callOk(engine, 'runSql', {
    sql: `SELECT trajectory_id FROM trajectories WHERE dataset_id = '${dataset}'
          ORDER BY trajectory_id LIMIT 1`,
  });
  return (rows[0] as { trajectory_id: string }).trajectory_id;
}

const segments = async (trajectory: string, segmentation: string) =>
  (
    await callOk(engine, 'getSegments', {
      trajectory_id: trajectory,
      segmentation,
    })
  ).segments;

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  engine = await openEngine({ dbPath: path.join(temp.dir, 'ws.duckdb') });
  await importFile(samplePath('tau-bench', 'gpt-4o-airline.subset4.json'), 'tau');
  await importFile(samplePath('inspect-ai', '2025-05-12T20-27-36-04-00_browser.json'), 'inspect');
  await importFile(samplePath('inspect-ai', 'log_tool_call_error.json'), 'no-actions');
});
afterAll(async () => {
  await engine.close();
  cleanup();
});

describe('dataset segmentation', () => {
  it('defaults dialogues to turn, where every assistant reply is a segment', async () => {
    const tau = await choice('tau');
    expect(tau).toMatchObject({ segmentation: 'turn', is_default: true });
    expect(tau.default_reason).toMatch(/dialogues/);
    // Most replies are plain messages: under `action` they would have no segment.
    expect(tau.assistant_actions).toBeLessThan(tau.assistant_turns);

    const trajectory = await firstTrajectory('tau');
    const detail = await callOk(engine, 'getTrajectory', { trajectory_id: trajectory });
    expect(detail.segmentation).toBe('turn');
    const replies = detail.turns.filter((turn) => turn.role === 'assistant').length;
    const byTurn = await segments(trajectory, 'turn');
    expect(byTurn.length).toBeGreaterThanOrEqual(replies);
    expect((await segments(trajectory, 'action')).length).toBeLessThan(byTurn.length);
    // A plain reply has a summary to show in the labeling panel.
    expect(byTurn.every((segment) => segment.action !== '')).toBe(true);
  });

  it('labels every reply of a dialogue with the heuristic rules under turn', async () => {
    const job = await callOk(engine, 'startHeuristicLabels', {
      dataset_id: 'tau',
      segmentation: 'turn',
    });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
    const trajectory = await firstTrajectory('tau');
    const labeled = await segments(trajectory, 'turn');
    expect(labeled.length).toBeGreaterThan(0);
    expect(labeled.filter((segment) => segment.label === null)).toEqual([]);
  });

  it('defaults a dataset without a single action to turn', async () => {
    const none = await choice('no-actions');
    expect(none).toMatchObject({ segmentation: 'turn', assistant_actions: 0 });
    expect(none.default_reason).toMatch(/no turn/);
  });

  it('keeps action for agent logs and remembers a stored choice', async () => {
    expect(await choice('inspect')).toMatchObject({ segmentation: 'action', is_default: true });
    const stored = await callOk(engine, 'setDatasetSegmentation', {
      dataset_id: 'inspect',
      segmentation: 'window:2',
    });
    expect(stored).toMatchObject({ segmentation: 'window:2', is_default: false });
    const trajectory = await firstTrajectory('inspect');
    const detail = await callOk(engine, 'getTrajectory', {
      trajectory_id: trajectory,
    });
    expect(detail.segmentation).toBe('window:2');
    const reset = await callOk(engine, 'setDatasetSegmentation', {
      dataset_id: 'inspect',
      segmentation: null,
    });
    expect(reset).toMatchObject({ segmentation: 'action', is_default: true });
  });

  it('refuses unknown names and datasets', async () => {
    const bad = await engine.dispatch('setDatasetSegmentation', {
      dataset_id: 'inspect',
      segmentation: 'sentence',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const missing = await engine.dispatch('getDatasetSegmentation', { dataset_id: 'nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
