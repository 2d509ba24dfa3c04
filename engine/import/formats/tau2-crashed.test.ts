// A tau2 run keeps its failed simulations: tau2's runner records a task that failed for good
// (retries exhausted, a worker lost) as `termination_reason: infrastructure_error` with no messages
// and the error in `info` (src/tau2/runner/progress.py, controller.py); it becomes 0 turns with the
// error, outcome unknown as tau2's own metrics leave it. A tool call saved as JSON text is decoded.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { tauBenchFormat } from './tau-bench';

const { dir, cleanup } = tempDir('turnwise-tau2-crashed-');
afterAll(cleanup);

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'tau2-text-run');
const FAILED_ID = '9f1c2d3e-0000-4000-8000-000000000001';

type Json = Record<string, unknown>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

/** The real text run, with a failed simulation added and one tool call saved as JSON text. */
function runWithFailure(): string {
  const run = path.join(dir, 'run');
  cpSync(FIXTURE, run, { recursive: true });
  const results = readJson(path.join(run, 'results.json'));
  const index = results.simulation_index as Json[];
  index.push({ id: FAILED_ID, task_id: '7', trial: 0, reward: null, duration: 0 });
  writeFileSync(path.join(run, 'results.json'), JSON.stringify(results));
  writeFileSync(
    path.join(run, 'simulations', `${FAILED_ID}.json`),
    JSON.stringify({
      id: FAILED_ID,
      task_id: '7',
      timestamp: '2026-11-30T10:00:00',
      start_time: '2026-11-30T10:00:00',
      end_time: '2026-11-30T10:00:00',
      duration: 0,
      termination_reason: 'infrastructure_error',
      messages: [],
      trial: 0,
      seed: 300,
      info: {
        error: 'APIConnectionError: Connection error.',
        error_type: 'APIConnectionError',
        error_traceback: 'Traceback (most recent call last): ...',
        failed_after_attempts: 3,
      },
    }),
  );
  const first = path.join(run, 'simulations', `${String(index[0]?.id)}.json`);
  const simulation = readJson(first);
  const messages = simulation.messages as Json[];
  const caller = messages.find((m) => Array.isArray(m.tool_calls) && m.tool_calls.length > 0);
  if (caller) caller.tool_calls = (caller.tool_calls as unknown[]).map((c) => JSON.stringify(c));
  writeFileSync(first, JSON.stringify(simulation));
  return path.join(run, 'results.json');
}

describe('tau2 failed simulations', () => {
  it('are kept with 0 turns and their error; JSON-text calls are decoded', async () => {
    const trajectories = trajectoriesOf(await readAllItems(tauBenchFormat, runWithFailure()));
    expect(trajectories).toHaveLength(3);
    const failed = trajectories.find((t) => t.source_id === FAILED_ID);
    expect(failed?.turns).toEqual([]);
    expect(failed?.success).toBeNull();
    expect(failed?.metadata).toMatchObject({
      termination_reason: 'infrastructure_error',
      error: 'APIConnectionError: Connection error.',
      error_type: 'APIConnectionError',
    });
    const calls = trajectories.flatMap((t) => t.turns.flatMap((turn) => turn.tool_calls));
    expect(calls.length).toBeGreaterThan(0);
    expect(
      trajectories.flatMap((t) => t.turns).every((turn) => turn.error?.kind !== 'parsing'),
    ).toBe(true);
  });
});
