// A query whose answer is larger than the engine process's heap kills that process, not the app: the
// request gets a clear error, a new process reopens the workspace, and the next request works.
// Both processes log it: the restart in this one's log, each engine's opening in engine.log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSupervisedEngine, type SupervisedEngine } from './engine-supervisor';
import { setLog, type Logger } from './logging/logger';
import { fileLogger } from './logging/rotating-log';
import { tempDir, turnwiseRecord, writeJsonl } from './testing/test-support';

let dir: string;
let cleanup: () => void;
let engine: SupervisedEngine;
let previousLog: Logger;
const heapBefore = process.env.TURNWISE_ENGINE_HEAP_MB;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  // Small enough that 200 MB of result rows cannot fit; read when the process starts.
  process.env.TURNWISE_ENGINE_HEAP_MB = '96';
  previousLog = setLog(fileLogger(path.join(dir, 'logs', 'main.log')));
  engine = await openSupervisedEngine({
    dbPath: path.join(dir, 'ws.duckdb'),
    logDir: path.join(dir, 'logs'),
  });
  const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
    turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
  ]);
  const job = await engine.dispatch('startImport', { paths: [file] });
  if (!job.ok) throw new Error(job.error.message);
  await engine.waitForJob(job.value.job_id);
});

afterAll(async () => {
  await engine.close();
  setLog(previousLog);
  if (heapBefore === undefined) delete process.env.TURNWISE_ENGINE_HEAP_MB;
  else process.env.TURNWISE_ENGINE_HEAP_MB = heapBefore;
  cleanup();
});

describe('the supervised engine', () => {
  it('answers the request that killed its process with a clear error, then works again', async () => {
    const huge = await engine.dispatch('runSql', {
      sql: `SELECT range AS i, repeat('x', 20000) AS s FROM range(10000)`,
      max_rows: 10_000,
      max_result_mb: 256,
    });
    expect(huge.ok).toBe(false);
    if (huge.ok) return;
    expect(huge.error.message).toMatch(/^runSql: the engine ran out of memory/);
    expect(huge.error.message).toMatch(/restarted and the workspace reopened/);
    expect(engine.restarts).toBe(1);

    const next = await engine.dispatch('runSql', { sql: 'SELECT count(*) AS n FROM trajectories' });
    expect(next).toMatchObject({ ok: true, value: { rows: [{ n: 1 }] } });

    const mainLog = readFileSync(path.join(dir, 'logs', 'main.log'), 'utf8');
    expect(mainLog).toMatch(/ error engine\.crash error="[^"]*out of memory/i);
    expect(mainLog).toMatch(
      / warn engine\.restart restarts=1 reason="the engine ran out of memory/,
    );
    const engineLog = readFileSync(path.join(dir, 'logs', 'engine.log'), 'utf8');
    expect(engineLog.match(/ info startup version=\S+/g)).toHaveLength(2);
    expect(engineLog.match(/ info workspace\.open path=/g)).toHaveLength(2);
    expect(engineLog).toMatch(/ info job\.end job=\S+ kind=import status=succeeded/);
    expect(engineLog).toMatch(/ info dispatch method=runSql ms=\d+ result=ok/);
  }, 120_000);
});
