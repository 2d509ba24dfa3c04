// Calls whose work or memory grows inside one call, which DuckDB's interrupt cannot stop, are
// capped in the SQL a person writes: a bomb fails at once naming the cap, ordinary uses run as
// written, with the columns named as the person's query names them.
import { describe, expect, it } from 'vitest';
import type { QueryBounds } from './bounded-query';
import { runReadOnlySql } from './read-only-sql';
import { guardExpression } from './sql-expression-guard';
import { tempWorkspace } from '../testing/temp-workspace-test-support';

const workspace = tempWorkspace();

const MB = 2 ** 20;
const BOUNDS: QueryBounds = { timeoutMs: 30_000, memoryBytes: 2048 * MB };
const LIMITS = { maxRows: 100, maxBytes: 16 * MB };

const run = (sql: string) => runReadOnlySql(workspace(), sql, LIMITS, BOUNDS);

describe('bombs inside one call', () => {
  it.each([
    // Uncapped, each of these runs for minutes or takes gigabytes in one call.
    [
      "SELECT levenshtein(repeat('a', 90000), repeat('b', 90000))",
      /levenshtein\(\) compares texts whose lengths multiply to at most 200000/,
    ],
    [
      "SELECT jaro_winkler_similarity(repeat('a', 90000), repeat('b', 9000))",
      /jaro_winkler_similarity\(\) compares texts/,
    ],
    ['SELECT len(range(2000000000))', /range\(\) makes lists of at most 100000 elements/],
    ['SELECT len(generate_series(1, 3000000000, 1))', /generate_series\(\) makes lists/],
    ["SELECT length(repeat(repeat('x', 1000000), 1000000))", /repeat\(\) makes values/],
    ["SELECT length(lpad('x', 2000000000, 'y'))", /lpad\(\) makes values/],
    ['SELECT len(list_resize([1], 2000000000))', /list_resize\(\) makes values/],
    ["SELECT printf('%2000000000d', 1)", /printf\(\): a width or precision of 100000 or more/],
    ["SELECT format('{:>2000000000}', 1)", /format\(\): a width or precision of 100000 or more/],
    ["SELECT printf(lower('%d'), 1)", /printf\(\): write its format as a literal/],
    // Inside a lambda each element would make its own list: the caps would multiply.
    [
      'SELECT list_transform(range(100000), x -> range(100000))',
      /range\(\) cannot be called inside a lambda or list comprehension/,
    ],
    [
      "SELECT [repeat('a', 100000) FOR x IN range(100000)]",
      /repeat\(\) cannot be called inside a lambda/,
    ],
  ])('%s fails at once, naming the cap', async (sql, reason) => {
    const before = process.memoryUsage.rss();
    await expect(run(sql)).rejects.toThrow(reason);
    expect(process.memoryUsage.rss() - before).toBeLessThan(256 * MB);
  });

  it('caps a call nested in a query, a subquery and a CTE alike', async () => {
    await expect(
      run(
        `WITH t AS (SELECT repeat('a', 5000) AS s)
         SELECT (SELECT max(levenshtein(s, repeat('b', 100))) FROM t) AS d`,
      ),
    ).rejects.toThrow(/levenshtein\(\) compares texts/);
  });
});

describe('ordinary uses', () => {
  it('run as written, under the names the query gives its columns', async () => {
    const result = await run(
      `SELECT levenshtein('kitten', 'sitting'), range(3) AS r, 1 + len(range(4)),
              repeat('ab', 2) AS s, lpad('x', 3, '-') AS p, printf('%05d', 42) AS f,
              len(range(DATE '2020-01-01', DATE '2020-01-11', INTERVAL 1 DAY)) AS days`,
    );
    expect(result.columns.map((column) => column.name)).toEqual([
      "levenshtein('kitten', 'sitting')",
      'r',
      '(1 + len(range(4)))',
      's',
      'p',
      'f',
      'days',
    ]);
    expect(result.rows).toEqual([
      {
        "levenshtein('kitten', 'sitting')": 3,
        r: [0, 1, 2],
        '(1 + len(range(4)))': 5,
        s: 'abab',
        p: '--x',
        f: '00042',
        days: 10,
      },
    ]);
  });

  it('leaves a table function alone: FROM range(n) streams its rows', async () => {
    const result = await run('SELECT count(*) AS n FROM range(30000000)');
    expect(result.rows).toEqual([{ n: 30_000_000 }]);
  });

  it('caps expressions too: the probe an export --where embeds checks the call', async () => {
    const connection = await workspace().connect();
    try {
      const probe = await guardExpression(connection, "levenshtein(task_id, 'x') < 3", {
        relation: 'trajectories',
        columns: ['trajectory_id'],
        label: 'where condition',
      });
      expect(probe).toMatch(/CASE\s+WHEN.*length\(task_id\).*> 200000.*"error"\(/s);
      expect(probe).toMatch(/AS "?value"? FROM trajectories/);
      await expect(
        guardExpression(connection, 'printf(task_id, 1) IS NULL', {
          relation: 'trajectories',
          columns: [],
          label: 'where condition',
        }),
      ).rejects.toThrow(/^where condition refused: printf\(\): write its format as a literal/);
    } finally {
      connection.closeSync();
    }
  });
});
