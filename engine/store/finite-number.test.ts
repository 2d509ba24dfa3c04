import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { tempDir } from '../testing/test-support';
import { FiniteOrNull } from './finite-number';
import { Workspace } from './workspace';

describe('FiniteOrNull', () => {
  const temp = tempDir();
  let workspace: Workspace;
  beforeAll(async () => {
    workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  });
  afterAll(() => {
    workspace.close();
    temp.cleanup();
  });

  it('reads DuckDB doubles: finite as they are, NULL, NaN and infinities as null', async () => {
    const rows = await workspace.queryAs(
      z.object({ x: FiniteOrNull }),
      `SELECT x FROM (VALUES (1.5::DOUBLE), (NULL), ('nan'::DOUBLE), ('inf'::DOUBLE),
         ('-inf'::DOUBLE), (0::DOUBLE)) v(x)`,
    );
    expect(rows.map((row) => row.x)).toEqual([1.5, null, null, null, null, 0]);
  });

  it('refuses other text', () => {
    expect(FiniteOrNull.safeParse('1.5').success).toBe(false);
    expect(FiniteOrNull.safeParse(true).success).toBe(false);
  });
});
