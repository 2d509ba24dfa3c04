// The explorer's turn-error filter on real Inspect logs: one with 11 tool errors, one without.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine, type LocalEngine } from '../engine';
import { samplePath, tempDir } from '../testing/test-support';

const tmp = tempDir();
let engine: LocalEngine;

const ids = async (input: ApiInput<'listTrajectories'>) =>
  (await callOk(engine, 'listTrajectories', input)).rows.map((row) => row.trajectory_id).sort();

/** The trajectories with an error turn (of one kind), straight from SQL. */
async function withError(kind?: string): Promise<string[]> {
  const where = kind === undefined ? '' : ` AND (error->>'kind') = '${kind}'`;
  const result = await callOk(engine, 'runSql', {
    sql: `SELECT DISTINCT trajectory_id FROM turns WHERE error IS NOT NULL${where} ORDER BY 1`,
  });
  return result.rows.map((row) => String(row.trajectory_id));
}

beforeAll(async () => {
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  await importDataset(engine, samplePath('inspect-ai/log_tool_call_error.json'), 'errors');
  await importDataset(engine, samplePath('inspect-ai/log_formats.json'), 'clean');
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
