// Errors are first-class: an Inspect log whose tool messages carry ToolCallError types, imported
// through the engine, shows its errors in the trajectory read API, as failure signals (the tool
// outputs are elided to "...", so only the recorded error can flag them) and in the turns view
// the SQL console reads through the guard.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { samplePath, tempDir } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('turn errors', () => {
  let engine: Engine;
  let trajectoryId: string;

  beforeAll(async () => {
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    await importDataset(engine, samplePath('inspect-ai', 'log_tool_call_error.json'), 'errors');
    const { rows } = await callOk(engine, 'runSql', {
      sql: 'SELECT trajectory_id FROM trajectories',
    });
    trajectoryId = String(rows[0]?.trajectory_id);
  }, 60_000);
  afterAll(() => engine.close());

  it('returns each turn its error', async () => {
    const { turns } = await callOk(engine, 'getTrajectory', {
      trajectory_id: trajectoryId,
    });
    expect(turns).toHaveLength(11);
    expect(turns[1]?.error).toEqual({ kind: 'timeout', message: '...', exit_code: null });
    expect(turns.every((turn) => turn.error !== null)).toBe(true);
  });

  it('counts every error turn as a failure signal', async () => {
    const { signals } = await callOk(engine, 'getFailureSignals', {
      trajectory_id: trajectoryId,
    });
    expect(signals).toHaveLength(11);
    expect(signals[1]).toEqual({ turn_index: 1, kind: 'tool_error', detail: 'timeout: ...' });
    expect(signals[10]?.detail).toBe('output_limit: The tool output limit of 10 MiB was exceeded.');
  });

  it('exposes the error column to the SQL console', async () => {
    const { rows } = await callOk(engine, 'runSql', {
      sql: `SELECT error->>'kind' AS kind, count(*) AS n FROM turns
            WHERE error IS NOT NULL GROUP BY kind ORDER BY kind`,
    });
    expect(rows.map((row) => row.kind)).toEqual([
      'approval',
      'file_not_found',
      'is_a_directory',
      'limit',
      'output_limit',
      'parsing',
      'permission',
      'timeout',
      'unicode_decode',
      'unknown',
    ]);
    expect(rows.find((row) => row.kind === 'parsing')?.n).toBe(2);
  });
});
