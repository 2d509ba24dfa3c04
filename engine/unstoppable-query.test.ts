// The bomb suite for one call DuckDB cannot interrupt. RE2 matches a long text against a long
// pattern in time that grows with both, and replace() builds its whole result, before DuckDB looks
// at an interrupt again; no argument cap covers them. Run by the supervised engine, as in the app
// and `turnwise serve`, the time limit, Cancel and memory budget still answer within a second of
// their moment, and other requests keep answering.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Result } from '../shared/result';
import { openSupervisedEngine, type SupervisedEngine } from './engine-supervisor';
import { STOP_GRACE_MS } from './store/bounded-query';
import { tempDir, turnwiseRecord, writeJsonl } from './testing/test-support';

/** One call, ~40 s and ~10 MB on this project's machines, that DuckDB does not interrupt inside. */
const BOMB = `SELECT regexp_matches(repeat('a', 100000), repeat('a?', 20000) || repeat('a', 20000) || 'c')`;
/** One call that builds a 3.6 GB text (~20 s) before DuckDB looks at an interrupt. */
const MEMORY_BOMB = `SELECT length(replace(repeat('a', 60000), 'a', repeat('b', 60000)))`;
/** The promise: an answer within a second of the moment a query is stopped. */
const WITHIN_MS = 1_000;

let dir: string;
let cleanup: () => void;
let engine: SupervisedEngine;
const quiet = vi.spyOn(console, 'error');

beforeAll(async () => {
  quiet.mockImplementation(() => undefined);
  ({ dir, cleanup } = tempDir());
  engine = await openSupervisedEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
    turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
    turnwiseRecord({ id: 'b', task: 'T2', reward: 0, success: false }),
  ]);
  const job = await engine.dispatch('startImport', { paths: [file] });
  if (!job.ok) throw new Error(job.error.message);
  await engine.waitForJob(job.value.job_id);
});

afterAll(async () => {
  await engine.close();
  quiet.mockRestore();
  cleanup();
});

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

async function count(): Promise<Result<unknown>> {
  return engine.dispatch('runSql', { sql: 'SELECT count(*) AS n FROM trajectories' });
}

describe('a query DuckDB cannot interrupt inside one call', () => {
  it('is answered as timed out within a second of its limit, and the engine comes back', async () => {
    const restarts = engine.restarts;
    const { value, ms } = await timed(engine.dispatch('runSql', { sql: BOMB, timeout_s: 1 }));
    expect(value).toMatchObject({ ok: false, error: { code: 'timeout' } });
    if (value.ok) return;
    expect(value.error.message).toMatch(/time limit of 1 s.*so the engine was restarted to end it/);
    expect(ms).toBeLessThan(1_000 + WITHIN_MS);
    expect(ms).toBeGreaterThan(1_000 + STOP_GRACE_MS - 50);
    expect(await count()).toMatchObject({ ok: true, value: { rows: [{ n: 2 }] } });
    expect(engine.restarts).toBe(restarts + 1);
  }, 60_000);

  it('is answered as cancelled within a second of Cancel', async () => {
    expect(await count()).toMatchObject({ ok: true });
    const running = engine.dispatch('runSql', { sql: BOMB, timeout_s: 600, query_id: 'bomb-1' });
    // Cancel as a person would, once the query runs (false until the engine has started it).
    await vi.waitFor(
      async () => {
        const cancelled = await engine.dispatch('cancelSql', { query_id: 'bomb-1' });
        expect(cancelled).toEqual({ ok: true, value: { cancelled: true } });
      },
      { timeout: 10_000, interval: 50 },
    );
    const { value, ms } = await timed(running);
    expect(value).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(await count()).toMatchObject({ ok: true });
  }, 60_000);

  it('is answered as past its memory budget long before the call would end', async () => {
    const budget = process.env.TURNWISE_QUERY_MEMORY_MB;
    // Read by the engine process at each query: the variable set here reaches it.
    process.env.TURNWISE_QUERY_MEMORY_MB = '256';
    try {
      const { value, ms } = await timed(
        engine.dispatch('runSql', { sql: MEMORY_BOMB, timeout_s: 600 }),
      );
      expect(value).toMatchObject({ ok: false, error: { code: 'resource_limit' } });
      if (value.ok) return;
      expect(value.error.message).toMatch(/more than 256 MB .*so the engine was restarted/);
      expect(ms).toBeLessThan(6_000);
    } finally {
      if (budget === undefined) delete process.env.TURNWISE_QUERY_MEMORY_MB;
      else process.env.TURNWISE_QUERY_MEMORY_MB = budget;
    }
  }, 60_000);

  it('keeps other requests answering while it runs, and repeats the reads it cut off', async () => {
    expect(await count()).toMatchObject({ ok: true });
    const started = performance.now();
    const bomb = engine.dispatch('runSql', { sql: BOMB, timeout_s: 2 });
    const slowest: number[] = [];
    while (performance.now() - started < 1_700) {
      const { value, ms } = await timed(
        Promise.all([engine.dispatch('listDatasets', {}), count(), engine.dispatch('appInfo', {})]),
      );
      for (const answer of value) expect(answer.ok).toBe(true);
      slowest.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A read in flight when the engine is killed (at 2.5 s) is asked again of the next one.
    const cutOff = engine.dispatch('runSql', {
      sql: 'SELECT count(*) AS n FROM range(1500000000)',
      timeout_s: 60,
    });
    expect(await bomb).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await cutOff).toMatchObject({ ok: true, value: { rows: [{ n: 1_500_000_000 }] } });
    expect(slowest.length).toBeGreaterThan(3);
    expect(Math.max(...slowest)).toBeLessThan(WITHIN_MS);
  }, 120_000);
});
