// The trajectory view's API through openEngine + dispatch on a real workspace: per-turn token
// log-probs, search within a trajectory (wildcards taken literally), and failure signals from
// observations, regression labels and the credit's predicted failure step.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { callOk, startJob, type JobMethod } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { samplePath, tempDir, writeJsonl } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const DEMO = path.resolve(import.meta.dirname, '../../datasets/demo/demo.jsonl');
// The first task's group: eight rollouts, two of them failed.
const DEMO_LINES = readFileSync(DEMO, 'utf8').split('\n').slice(0, 8);

const call = (name: string, args: string) => ({
  role: 'assistant',
  content: '',
  tool_calls: [{ id: `c-${name}`, type: 'function', function: { name, arguments: args } }],
});

/** turn 0 system, 1 user, 2 call, 3 error, 4 call, 5 failing pytest run, 6 call, 7 ok, 8 done. */
const CUSTOM = {
  trajectory_id: 'custom-1',
  task_id: 't',
  reward: 0,
  success: false,
  messages: [
    { role: 'system', content: 'You are an agent.' },
    { role: 'user', content: 'Usage: fix 100% of the_bug (this prompt is not an error).' },
    {
      ...call('read_file', '{"path":"src/Pager_Util.py"}'),
      token_ids: [5, 6, 7, 8],
      logp_policy: [-0.5, -1.25, -2, -3],
      logp_ref: [-0.25, -2, -1, -3.5],
    },
    { role: 'tool', tool_call_id: 'c-read_file', content: 'Error: no such file\nmore detail' },
    call('run_tests', '{"target":"tests/"}'),
    {
      role: 'tool',
      tool_call_id: 'c-run_tests',
      content: `${'x'.repeat(3000)}\n==== 2 failed, 7 passed in 0.12s ====`,
    },
    { role: 'assistant', content: 'Thinking about 100% coverage', reasoning: 'Maybe A_B works' },
    { role: 'user', content: 'all good' },
    { role: 'assistant', content: 'Done.' },
  ],
};

async function runJob<M extends JobMethod>(
  engine: Engine,
  method: M,
  input: ApiInput<M>,
): Promise<void> {
  const job = await startJob(engine, method, input);
  const final = await engine.waitForJob(job.job_id);
  expect(final.error).toBeNull();
}

async function sql(engine: Engine, text: string): Promise<Record<string, unknown>[]> {
  return (await callOk(engine, 'runSql', { sql: text })).rows;
}

describe('trajectory API', () => {
  let engine: Engine;

  beforeAll(async () => {
    const custom = writeJsonl(path.join(tmp.dir, 'custom.jsonl'), [CUSTOM]);
    const demo = writeJsonl(path.join(tmp.dir, 'demo.jsonl'), DEMO_LINES);
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    await runJob(engine, 'startImport', { paths: [custom], dataset: 'custom' });
    await runJob(engine, 'startImport', { paths: [demo], dataset: 'demo' });
    await runJob(engine, 'startImport', {
      paths: [samplePath('inspect-ai', '2025-05-12T20-27-36-04-00_browser.json')],
      dataset: 'browser',
    });
  }, 60_000);
  afterAll(() => engine.close());

  it('returns one turn of token log-probs, and empty lists for a turn without', async () => {
    const lp = await callOk(engine, 'getTurnLogprobs', {
      trajectory_id: 'custom:custom-1',
      turn_index: 2,
    });
    expect(lp).toMatchObject({
      token_ids: [5, 6, 7, 8],
      logp_policy: [-0.5, -1.25, -2, -3],
      logp_ref: [-0.25, -2, -1, -3.5],
    });
    const none = await callOk(engine, 'getTurnLogprobs', {
      trajectory_id: 'custom:custom-1',
      turn_index: 3,
    });
    expect(none).toMatchObject({ token_ids: [], logp_policy: [], logp_ref: [], tokens: null });
    const missing = await engine.dispatch('getTurnLogprobs', {
      trajectory_id: 'custom:nope',
      turn_index: 0,
    });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('not_found');
  });

  it('returns one turn of details on demand, flagged on the turns that have any', async () => {
    const [id = ''] = (
      await sql(engine, "SELECT trajectory_id FROM trajectories WHERE dataset_id = 'browser'")
    ).map((row) => String(row.trajectory_id));
    const trajectory = await callOk(engine, 'getTrajectory', {
      trajectory_id: id,
    });
    // Every Inspect message keeps something (its source, a model call, sandbox events, scores).
    expect(trajectory.turns.every((t) => t.has_details)).toBe(true);
    const custom = await callOk(engine, 'getTrajectory', {
      trajectory_id: 'custom:custom-1',
    });
    expect(custom.turns.some((t) => t.has_details)).toBe(false);
    const details = await callOk(engine, 'getTurnDetails', {
      trajectory_id: id,
      turn_index: 1,
    });
    expect(details).toMatchObject({ input_tokens: 1124, output_tokens: 23, latency_ms: 1101 });
    const plain = await callOk(engine, 'getTurnDetails', {
      trajectory_id: 'custom:custom-1',
      turn_index: 0,
    });
    expect(plain).toMatchObject({ model: null, other: null, scores: [], images: [] });
    const missing = await engine.dispatch('getTurnDetails', {
      trajectory_id: 'custom:custom-1',
      turn_index: 99,
    });
    expect(missing.ok ? 'ok' : missing.error.code).toBe('not_found');
  });

  it('searches content, reasoning and tool calls case-insensitively, wildcards literal', async () => {
    const search = async (query: string) =>
      (
        await callOk(engine, 'searchTrajectory', {
          trajectory_id: 'custom:custom-1',
          query,
        })
      ).turn_indexes;
    expect(await search('pager_util')).toEqual([2]); // a tool call's arguments
    expect(await search('RUN_TESTS')).toEqual([4]); // a tool call's name
    expect(await search('a_b works')).toEqual([6]); // reasoning
    expect(await search('100%')).toEqual([1, 6]);
    // '%' and '_' match only themselves: 'A_B' must not match 'AxB', '1%0' nothing.
    expect(await search('1%0')).toEqual([]);
    expect(await search('pager_')).toEqual([2]);
    expect(await search('Pager-Util')).toEqual([]);
    expect(await search("it's \\ odd")).toEqual([]);
  });

  it('finds tool errors and failing test reports in observations, not in the task prompt', async () => {
    const { signals } = await callOk(engine, 'getFailureSignals', {
      trajectory_id: 'custom:custom-1',
    });
    expect(signals).toEqual([
      { turn_index: 3, kind: 'tool_error', detail: 'Error: no such file' },
      { turn_index: 5, kind: 'test_failure', detail: '2 failed, 7 passed' },
    ]);
  });

  it('adds regression labels at their segment start', async () => {
    const segments = await callOk(engine, 'getSegments', {
      trajectory_id: 'custom:custom-1',
    });
    const second = segments.segments[1];
    expect(second).toBeDefined();
    await callOk(engine, 'setLabel', {
      trajectory_id: 'custom:custom-1',
      segment_index: 1,
      role_label: 'regression',
    });
    const { signals } = await callOk(engine, 'getFailureSignals', {
      trajectory_id: 'custom:custom-1',
    });
    expect(signals.filter((s) => s.kind === 'regression_label')).toEqual([
      {
        turn_index: second?.turn_start,
        kind: 'regression_label',
        detail: 'step 1 labeled regression (human:local)',
      },
    ]);
    // A later non-regression label in force removes the signal.
    await callOk(engine, 'setLabel', {
      trajectory_id: 'custom:custom-1',
      segment_index: 1,
      role_label: 'useful_exploration',
    });
    const after = await callOk(engine, 'getFailureSignals', {
      trajectory_id: 'custom:custom-1',
    });
    expect(after.signals.map((s) => s.kind)).toEqual(['tool_error', 'test_failure']);
  });

  it('maps the credit failure step of a failed rollout to its segment start', async () => {
    await runJob(engine, 'startCredit', { dataset_id: 'demo' });
    const rows = await sql(
      engine,
      `SELECT sc.trajectory_id, s.turn_start, sc.failure_step FROM trajectory_scores sc
       JOIN segments s ON s.trajectory_id = sc.trajectory_id AND s.segment_index = sc.failure_step
        AND s.segmentation = 'action'
       WHERE sc.failure_step IS NOT NULL ORDER BY sc.trajectory_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const { signals } = await callOk(engine, 'getFailureSignals', {
        trajectory_id: String(row.trajectory_id),
      });
      expect(signals.filter((s) => s.kind === 'predicted_failure')).toEqual([
        {
          turn_index: row.turn_start,
          kind: 'predicted_failure',
          detail: `credit predicts the failure at step ${String(row.failure_step)}`,
        },
      ]);
      const turns = signals.map((s) => s.turn_index);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
    }
  }, 60_000);
});
