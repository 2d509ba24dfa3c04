// The explorer's turn-error filter on real Inspect logs: one with 11 tool errors, one without.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiInput, ApiOutput, JobState } from '../../../shared/api';
import { openEngine, type LocalEngine } from '../engine';
import { samplePath, tempDir } from '../test-support';

const tmp = tempDir();
let engine: LocalEngine;

async function call<T>(method: string, input: unknown): Promise<T> {
  const result = await engine.dispatch(method as never, input as never);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const ids = async (input: ApiInput<'listTrajectories'>) =>
  (await call<ApiOutput<'listTrajectories'>>('listTrajectories', input)).rows
    .map((row) => row.trajectory_id)
    .sort();

/** The trajectories with an error turn (of one kind), straight from SQL. */
async function withError(kind?: string): Promise<string[]> {
  const where = kind === undefined ? '' : ` AND (error->>'kind') = '${kind}'`;
  const result = await call<ApiOutput<'runSql'>>('runSql', {
    sql: `SELECT DISTINCT trajectory_id FROM turns WHERE error IS NOT NULL${where} ORDER BY 1`,
  });
  return result.rows.map((row) => String(row.trajectory_id));
}

beforeAll(async () => {
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  const paths = ['inspect-ai/log_tool_call_error.json', 'inspect-ai/log_formats.json'];
  const job = await call<JobState>('startImport', { paths: paths.map((p) => samplePath(p)) });
  expect((await engine.waitForJob(job.job_id)).error).toBeNull();
}, 60_000);
afterAll(() => {
  engine.close();
  tmp.cleanup();
});

it('lists only trajectories with a turn error, of any kind or of one', async () => {
  const all = await ids({});
  const any = await ids({ turn_error: 'any' });
  expect(any.length).toBeGreaterThan(0);
  expect(any.length).toBeLessThan(all.length);
  expect(any).toEqual(await withError());
  const timeout = await ids({ turn_error: 'timeout' });
  expect(timeout.length).toBeGreaterThan(0);
  expect(timeout).toEqual(await withError('timeout'));
  expect(await ids({ turn_error: 'approval' })).toEqual(await withError('approval'));
});
