import { beforeAll, describe, expect, it } from 'vitest';
import { RunningQueries, type QueryBounds } from './bounded-query';
import { runReadOnlySql, type SqlLimits } from './read-only-sql';
import { tempWorkspace } from '../testing/temp-workspace-test-support';
import type { Workspace } from './workspace';

const MB = 2 ** 20;
const BOUNDS: QueryBounds = { timeoutMs: 30_000, memoryBytes: 2048 * MB };
const NUMBERS = 'WITH numbers AS (SELECT range AS n FROM range(50))';
const open = tempWorkspace();
let workspace: Workspace;
beforeAll(() => {
  workspace = open();
});

function limits(maxRows: number, maxBytes = 16 * MB): SqlLimits {
  return { maxRows, maxBytes };
}

describe('runReadOnlySql', () => {
  it('returns columns with types and JSON-safe rows', async () => {
    const result = await runReadOnlySql(
      workspace,
      `SELECT 42::BIGINT AS big, 9007199254740993::BIGINT AS huge, 1.25::DECIMAL(6,2) AS dec,
              DATE '2026-01-02' AS day, [1, 2] AS list, {'a': 1} AS obj, NULL AS nothing`,
      limits(10),
      BOUNDS,
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
    expect(result.bytes).toBe(JSON.stringify(result.rows).length);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('stops at max rows and says the result was truncated', async () => {
    const sql = `${NUMBERS} SELECT n FROM numbers ORDER BY n`;
    const result = await runReadOnlySql(workspace, sql, limits(7), BOUNDS);
    expect(result.rows.map((row) => row.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(result).toMatchObject({ truncated: true, cut_by: 'rows' });
    const all = await runReadOnlySql(
      workspace,
      `${NUMBERS} SELECT count(*) AS c FROM numbers`,
      limits(7),
      BOUNDS,
    );
    expect(all).toMatchObject({ rows: [{ c: 50 }], truncated: false, cut_by: null });
  });

  it('cuts a result at its size limit as it streams', async () => {
    const result = await runReadOnlySql(
      workspace,
      `SELECT range AS i, repeat('x', 100000) AS s FROM range(1000)`,
      limits(10_000, MB),
      BOUNDS,
    );
    expect(result).toMatchObject({ truncated: true, cut_by: 'bytes', max_bytes: MB });
    expect(result.rows.length).toBe(10);
    expect(JSON.stringify(result.rows).length).toBeLessThanOrEqual(MB);
    expect(result.rows.map((row) => row.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('stops a query at its time limit, and the next query runs', async () => {
    const bomb = `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r`;
    const started = Date.now();
    await expect(
      runReadOnlySql(workspace, bomb, limits(10), { ...BOUNDS, timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/time limit of 0.3 s/),
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    const next = await runReadOnlySql(workspace, 'SELECT 1 AS one', limits(1), BOUNDS);
    expect(next.rows).toEqual([{ one: 1 }]);
  });

  it('stops a query on cancel by its id', async () => {
    const running = new RunningQueries();
    const cross = `SELECT count(*) FROM range(100000000) a, range(100000000) b WHERE a.range + b.range = -1`;
    const query = runReadOnlySql(workspace, cross, limits(10), {
      ...BOUNDS,
      queryId: 'q1',
      running,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running.cancel('q1')).toBe(true);
    await expect(query).rejects.toMatchObject({ code: 'cancelled' });
    expect(running.cancel('q1')).toBe(false);
  });

  it('stops a query that needs more memory than its budget', async () => {
    await expect(
      runReadOnlySql(
        workspace,
        // 10 GB held at once (one call making more than 100,000 characters is capped): the
        // watchdog or DuckDB's own memory limit stops it, whichever sees it first.
        `SELECT len(list(repeat('x', 100000) || range::VARCHAR)) AS n FROM range(100000)`,
        limits(1000),
        {
          ...BOUNDS,
          memoryBytes: 256 * MB,
        },
      ),
    ).rejects.toMatchObject({ code: 'resource_limit' });
    const next = await runReadOnlySql(workspace, 'SELECT 2 AS two', limits(1), BOUNDS);
    expect(next.rows).toEqual([{ two: 2 }]);
  });

  it.each([
    ['DELETE FROM trajectories', /DELETE statements are refused/],
    ['DROP TABLE tw_trajectories', /DROP statements are refused/],
    ['CREATE TABLE t2 (x INT)', /CREATE statements are refused/],
    ["INSERT INTO tw_datasets (dataset_id) VALUES ('x')", /INSERT statements are refused/],
    ["COPY tw_trajectories TO '/tmp/turnwise-should-not-exist.csv'", /COPY statements/],
    ["ATTACH '/tmp/other.duckdb' AS other", /ATTACH statements/],
    ['SET threads = 1', /SET statements/],
    ['SELECT 1; DELETE FROM trajectories', /refused|exactly one statement/],
    ['SELECT 1; SELECT 2', /exactly one statement, got 2/],
    ['SELECT * FROM no_such_table', /no_such_table is not a public view/],
  ])('refuses %s', async (sql, message) => {
    await expect(runReadOnlySql(workspace, sql, limits(10), BOUNDS)).rejects.toMatchObject({
      code: 'read_only',
      message: expect.stringMatching(message) as unknown as string,
    });
  });

  it('reports syntax and binding errors as invalid input', async () => {
    await expect(runReadOnlySql(workspace, 'SELEC 1', limits(10), BOUNDS)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      runReadOnlySql(workspace, 'SELECT no_such_column FROM trajectories', limits(10), BOUNDS),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
