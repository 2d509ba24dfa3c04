// Credit previews (a rewrite rolled back) and stored runs touch the same rows; run together they
// must both succeed (DuckDB fails the later of two overlapping deletes unless they are queued).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { callOk } from '../testing/dispatch-test-support';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('credit writes on one workspace', () => {
  let engine: Engine;
  beforeAll(async () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      turnwiseRecord({ id: `r${i}`, task: `t${i % 3}`, reward: i % 2, success: i % 2 === 1 }),
    );
    const file = writeJsonl(path.join(tmp.dir, 'runs.jsonl'), records);
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    const job = await callOk(engine, 'startImport', { paths: [file], dataset: 'ds' });
    expect((await engine.waitForJob(job.job_id)).error).toBeNull();
    const stored = await callOk(engine, 'startCredit', { dataset_id: 'ds' });
    expect((await engine.waitForJob(stored.job_id)).error).toBeNull();
  }, 60_000);
  afterAll(() => engine.close());

  it('stores credit while previews of other parameters run, without a write conflict', async () => {
    const previews = [0.1, 0.5, 0.9].map((lambda) =>
      callOk(engine, 'previewCredit', { dataset_id: 'ds', params: { lambda } }),
    );
    const job = await callOk(engine, 'startCredit', {
      dataset_id: 'ds',
      params: { lambda: 0.4 },
    });
    const more = callOk(engine, 'previewCredit', { dataset_id: 'ds', params: { lambda: 0.7 } });
    await Promise.all([...previews, more]);
    const final = await engine.waitForJob(job.job_id);
    expect(final.error).toBeNull();
    expect(final.status).toBe('succeeded');
    const { rows } = await callOk(engine, 'runSql', {
      sql: `SELECT DISTINCT (params->>'lambda')::DOUBLE AS lambda FROM trajectory_scores`,
    });
    expect(rows).toEqual([{ lambda: 0.4 }]);
  });
});
