// The engine in its own process answers exactly like the in-process one, and keeps this thread free.
import type * as ChildProcesses from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobState } from '../shared/api';
import { TurnwiseError } from '../shared/result';
import { openEngine, type EngineOptions } from './engine';
import { openEngineProcess } from './engine-process';
import type { Engine } from './core/engine-types';
import { startVllmCompletionsServer } from './testing/servers/vllm-completions-server';
import { tempDir, turnwiseRecord, writeJsonl } from './testing/test-support';

// Records every engine process started, and whether it has ended, to check close().
const children = vi.hoisted(() => [] as { child: ChildProcesses.ChildProcess; exited: boolean }[]);
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof ChildProcesses>();
  const fork = (...args: Parameters<typeof actual.fork>) => {
    const child = actual.fork(...args);
    const entry = { child, exited: false };
    children.push(entry);
    child.once('exit', () => {
      entry.exited = true;
    });
    return child;
  };
  return { ...actual, fork };
});

let dir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});

afterAll(() => cleanup());

/** What an engine answers for a fixed script of calls, with run-specific values masked. */
async function exercise(engine: Engine, file: string) {
  const events: JobState[] = [];
  const stop = engine.onJobEvent((job) => events.push(job));
  const info = await engine.dispatch('appInfo', {});
  const before = await engine.dispatch('listDatasets', {});
  const unknown = await engine.dispatchByName('noSuchMethod', {});
  const invalid = await engine.dispatch('listTrajectories', { limit: -1 });
  const started = await engine.dispatch('startImport', { paths: [file], format: 'turnwise' });
  if (!started.ok) throw new Error(started.error.message);
  const jobId = started.value.job_id;
  const final = await engine.waitForJob(jobId);
  // In-process, waitForJob throws synchronously for an unknown id; the process's version rejects.
  const missing = await Promise.resolve()
    .then(() => engine.waitForJob('no-such-job'))
    .catch((error: unknown) => error);
  const after = await engine.dispatch('listDatasets', {});
  const rows = await engine.dispatch('listTrajectories', { sort: 'reward' });
  stop();
  expect(events.length).toBeGreaterThan(0);
  expect(events.every((job) => job.job_id === jobId)).toBe(true);
  expect(events.at(-1)).toEqual(final);
  expect(missing).toBeInstanceOf(TurnwiseError);
  const masked = JSON.stringify(
    { info, before, unknown, invalid, final, missing, after, rows },
    (key, value: unknown) =>
      ['job_id', 'started_at', 'finished_at', 'imported_at', 'seconds'].includes(key)
        ? '(masked)'
        : value,
  );
  return JSON.parse(masked.replaceAll(engine.workspacePath, '(workspace)')) as unknown;
}

async function openError(open: (options: EngineOptions) => Promise<Engine>, dbPath: string) {
  const error = await open({ dbPath }).then(
    async (engine) => {
      await engine.close();
      throw new Error(`${dbPath} opened`);
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TurnwiseError);
  return { code: (error as TurnwiseError).code, message: (error as TurnwiseError).message };
}

describe('openEngineProcess', () => {
  it('answers calls, imports and job events exactly like the in-process engine', async () => {
    const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
      turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
      turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false }),
      turnwiseRecord({ id: 'c', task: 'T2', reward: 0.5, success: true }),
    ]);
    const inProcessChild = await openEngineProcess({ dbPath: path.join(dir, 'worker.duckdb') });
    const inProcess = await openEngine({ dbPath: path.join(dir, 'process.duckdb') });
    try {
      const fromChild = await exercise(inProcessChild, file);
      expect(fromChild).toEqual(await exercise(inProcess, file));
      expect(fromChild).toMatchObject({
        info: { ok: true, value: { workspace_path: '(workspace)' } },
        final: { status: 'succeeded' },
        after: { ok: true, value: { datasets: [{ name: 'runs', trajectories: 3 }] } },
      });
    } finally {
      await inProcessChild.close();
      await inProcess.close();
    }
  });

  it('sees an API key set in the environment after it started (the desktop key store)', async () => {
    const server = await startVllmCompletionsServer({ model: 'toy', apiKey: 'sk-set-later' });
    const engine = await openEngineProcess({ dbPath: path.join(dir, 'keys.duckdb') });
    const request = { base_url: server.url, api_key_env: 'TURNWISE_TEST_LATE_KEY' };
    try {
      const before = await engine.dispatch('listEndpointModels', request);
      expect(before.ok).toBe(false);
      process.env.TURNWISE_TEST_LATE_KEY = 'sk-set-later';
      const after = await engine.dispatch('listEndpointModels', request);
      expect(after).toMatchObject({ ok: true, value: { models: [{ id: 'toy' }] } });
    } finally {
      delete process.env.TURNWISE_TEST_LATE_KEY;
      await engine.close();
      await server.close();
    }
  });

  it('rejects a failed open with the same error code and message as in-process', async () => {
    const notDuckDb = path.join(dir, 'notes.duckdb');
    writeFileSync(notDuckDb, 'this is not a database\n'.repeat(200));
    const expected = await openError(openEngine, notDuckDb);
    expect(expected.code).toBe('invalid_input');
    expect(await openError(openEngineProcess, notDuckDb)).toEqual(expected);

    const absent = path.join(dir, 'absent.duckdb');
    const readOnly =
      (open: (options: EngineOptions) => Promise<Engine>) => (options: EngineOptions) =>
        open({ ...options, readOnly: true });
    const missing = await openError(readOnly(openEngine), absent);
    expect(missing.code).toBe('not_found');
    expect(await openError(readOnly(openEngineProcess), absent)).toEqual(missing);
    // The process of a failed open has ended too.
    expect(children.every((entry) => entry.exited)).toBe(true);
  });

  it('close() ends the engine process; later calls fail as unavailable', async () => {
    const engine = await openEngineProcess({ dbPath: path.join(dir, 'closing.duckdb') });
    const entry = children.at(-1);
    expect(entry?.exited).toBe(false);
    await engine.close();
    expect(entry?.exited).toBe(true);
    await engine.close(); // a second close is harmless
    await expect(engine.dispatch('appInfo', {})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('fails pending requests as internal when the process dies unexpectedly', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = writeJsonl(
      path.join(dir, 'doomed.jsonl'),
      Array.from({ length: 500 }, (_, i) => turnwiseRecord({ id: `d${i}`, actions: 20 })),
    );
    const engine = await openEngineProcess({ dbPath: path.join(dir, 'doomed.duckdb') });
    try {
      const started = await engine.dispatch('startImport', { paths: [file], format: 'turnwise' });
      if (!started.ok) throw new Error(started.error.message);
      const waiting = engine.waitForJob(started.value.job_id);
      children.at(-1)?.child.kill('SIGKILL');
      await expect(waiting).rejects.toMatchObject({ code: 'internal' });
      await expect(engine.dispatch('appInfo', {})).rejects.toMatchObject({ code: 'internal' });
      expect(quiet).toHaveBeenCalledWith(expect.stringMatching(/exited unexpectedly/));
      await engine.close(); // nothing left to close, but it must not hang
    } finally {
      quiet.mockRestore();
    }
  });

  it('keeps the main thread responsive while a large import runs in the process', async () => {
    // Long records make big batches: run in-process, this import stalls the thread for ~0.5 s.
    const records = Array.from({ length: 2000 }, (_, i) =>
      turnwiseRecord({ id: `r${i}`, task: `T${i % 50}`, actions: 40 }),
    );
    const file = writeJsonl(path.join(dir, 'large.jsonl'), records);
    const engine = await openEngineProcess({ dbPath: path.join(dir, 'large.duckdb') });
    try {
      let last = performance.now();
      let maxGap = 0;
      let ticks = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        ticks += 1;
      }, 10);
      const began = performance.now();
      const started = await engine.dispatch('startImport', { paths: [file], format: 'turnwise' });
      if (!started.ok) throw new Error(started.error.message);
      const final = await engine.waitForJob(started.value.job_id);
      const took = performance.now() - began;
      clearInterval(timer);
      expect(final.error).toBeNull();
      expect(final.status).toBe('succeeded');
      // A responsiveness check, not a benchmark: the timer kept firing throughout the import.
      expect(ticks).toBeGreaterThan(took / 50);
      expect(maxGap).toBeLessThan(200);
    } finally {
      await engine.close();
    }
  });
});
