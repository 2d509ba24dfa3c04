import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { runReadOnlySql } from './read-only-sql';
import { Workspace } from './workspace';

let workspace: Workspace;
let cleanup: () => void;

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  await workspace.run(`CREATE TABLE numbers AS SELECT range AS n FROM range(50)`);
});
afterAll(() => {
  workspace.close();
  cleanup();
});

describe('runReadOnlySql', () => {
  it('returns columns with types and JSON-safe rows', async () => {
    const result = await runReadOnlySql(
      workspace,
      `SELECT 42::BIGINT AS big, 9007199254740993::BIGINT AS huge, 1.25::DECIMAL(6,2) AS dec,
              DATE '2026-01-02' AS day, [1, 2] AS list, {'a': 1} AS obj, NULL AS nothing`,
      10,
    );
    expect(result.columns).toEqual([
      { name: 'big', type: 'BIGINT' },
      { name: 'huge', type: 'BIGINT' },
      { name: 'dec', type: 'DECIMAL(6,2)' },
      { name: 'day', type: 'DATE' },
      { name: 'list', type: 'INTEGER[]' },
      { name: 'obj', type: 'STRUCT("a" INTEGER)' },
      { name: 'nothing', type: 'INTEGER' },
    ]);
    expect(result.rows).toEqual([
      {
        big: 42,
        huge: '9007199254740993',
        dec: 1.25,
        day: '2026-01-02',
        list: [1, 2],
        obj: { a: 1 },
        nothing: null,
      },
    ]);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('stops at max rows and says the result was truncated', async () => {
    const result = await runReadOnlySql(workspace, 'SELECT n FROM numbers ORDER BY n', 7);
    expect(result.rows.map((row) => row.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result.truncated).toBe(true);
    const all = await runReadOnlySql(
      workspace,
      'WITH x AS (SELECT n FROM numbers) SELECT count(*) AS c FROM x',
      7,
    );
    expect(all).toMatchObject({ rows: [{ c: 50 }], truncated: false });
  });

  it.each([
    ['DELETE FROM numbers', /DELETE statement/],
    ['DROP TABLE numbers', /DROP statement/],
    ['CREATE TABLE t2 (x INT)', /CREATE statement/],
    ['INSERT INTO numbers VALUES (1)', /INSERT statement/],
    ["COPY numbers TO '/tmp/turnwise-should-not-exist.csv'", /COPY statement/],
    ["ATTACH '/tmp/other.duckdb' AS other", /ATTACH statement/],
    ['SET threads = 1', /SET statement/],
    ['SELECT 1; DELETE FROM numbers', /exactly one statement, got 2/],
  ])('refuses %s', async (sql, message) => {
    await expect(runReadOnlySql(workspace, sql, 10)).rejects.toMatchObject({
      code: 'read_only',
      message: expect.stringMatching(message) as unknown as string,
    });
    const [row] = await workspace.query('SELECT count(*) AS c FROM numbers');
    expect(row?.c).toBe(50);
  });

  it('reports syntax errors as invalid input', async () => {
    await expect(runReadOnlySql(workspace, 'SELEC 1', 10)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      runReadOnlySql(workspace, 'SELECT * FROM no_such_table', 10),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });
});
