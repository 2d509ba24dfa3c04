// The guard's allowlists as reviewed data: every function this DuckDB offers is either allowed or
// refused with a reason, so an upgrade that brings new functions fails here until someone decides.
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { guardQuery } from './sql-guard';
import { guardExpression } from './sql-expression-guard';
import { ALLOWED_FUNCTIONS, ALLOWED_TABLE_FUNCTIONS, DENIED_FUNCTIONS } from './sql-guard-tree';
import { Workspace } from './workspace';

let workspace: Workspace;
let connection: DuckDBConnection;
let cleanup: () => void;

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  connection = await workspace.connect();
});
afterAll(() => {
  connection.closeSync();
  workspace.close();
  cleanup();
});

async function builtins(types: string[]): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT lower(function_name) AS name FROM duckdb_functions()
     WHERE internal AND list_contains($1::VARCHAR[], function_type) ORDER BY 1`,
    [`[${types.map((t) => `"${t}"`).join(',')}]`],
  );
  return reader.getRowObjectsJS().map((row) => String(row.name));
}

async function refusal(sql: string): Promise<string> {
  try {
    await guardQuery(connection, sql);
  } catch (error) {
    return (error as Error).message;
  }
  return 'allowed';
}

describe('the function allowlist', () => {
  it('decides every scalar, aggregate and macro function of this DuckDB', async () => {
    const offered = await builtins(['scalar', 'aggregate', 'macro']);
    const decided = new Set([...ALLOWED_FUNCTIONS, ...Object.keys(DENIED_FUNCTIONS)]);
    expect(offered.filter((name) => !decided.has(name))).toEqual([]);
    expect([...decided].filter((name) => !offered.includes(name))).toEqual([]);
    expect(Object.keys(DENIED_FUNCTIONS).filter((name) => ALLOWED_FUNCTIONS.has(name))).toEqual([]);
  });

  it('walks every allowed function: the guard lets each one through', async () => {
    const refused: string[] = [];
    for (const name of ALLOWED_FUNCTIONS) {
      // Operators (+, ~~, ->>) are called by name too once parsed; quoting makes any a call.
      const message = await refusal(`SELECT "${name.replaceAll('"', '""')}"(1)`);
      if (message !== 'allowed') refused.push(`${name}: ${message}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses every denied function, naming it and the reason', async () => {
    for (const [name, reason] of Object.entries(DENIED_FUNCTIONS)) {
      expect(await refusal(`SELECT ${name}('x')`)).toBe(`${name}() is refused: it ${reason}`);
    }
  });

  it('refuses every table function but the few that only make rows', async () => {
    const tables = await builtins(['table', 'table_macro']);
    expect([...ALLOWED_TABLE_FUNCTIONS].every((name) => tables.includes(name))).toBe(true);
    for (const name of tables) {
      const message = await refusal(`SELECT * FROM ${name}('x')`);
      if (ALLOWED_TABLE_FUNCTIONS.has(name)) expect(message, name).toBe('allowed');
      else expect(message, name).toMatch(new RegExp(`^${name}\\(\\) reads files`));
    }
  });

  it('refuses functions it has never heard of, such as getenv', async () => {
    expect(await refusal(`SELECT getenv('HOME')`)).toBe('getenv() is not an allowed function');
    expect(await refusal(`SELECT other.main.lower('x')`)).toMatch(/other schemas or databases/);
  });
});

describe('the statements of issue 15', () => {
  it('refuses the EXPLAIN prefix tricks', async () => {
    const read = `EXPLAIN ANALYZE (SELECT ')/*' AS x, content::INT FROM read_text('/etc/passwd')) --*/`;
    const write = `EXPLAIN (ANALYZE ')/*') COPY (SELECT 'echo pwned' AS line) TO '/tmp/tw-pwned.sh' (HEADER false, QUOTE '') --*/`;
    expect(await refusal(read)).toMatch(/read_text\(\) reads files/);
    expect(await refusal(write)).toMatch(/EXPLAIN takes no options in parentheses/);
  });

  it('runs EXPLAIN and EXPLAIN ANALYZE of a checked query as our prefix plus that query', async () => {
    expect(await guardQuery(connection, '/* c */ explain analyze SELECT 1')).toEqual({
      sql: 'EXPLAIN ANALYZE SELECT 1',
      explain: 'analyze',
    });
    expect(await guardQuery(connection, 'EXPLAIN (SELECT 1)')).toEqual({
      sql: 'EXPLAIN (SELECT 1)',
      explain: 'plan',
    });
  });
});

describe('what the guard allows and refuses', () => {
  it.each([
    'SELECT * FROM trajectories',
    'SELECT * FROM main.trajectories t JOIN turns USING (trajectory_id)',
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r',
    'FROM trajectories SELECT task_id, count(*) GROUP BY ALL',
    'SELECT row_number() OVER (PARTITION BY task_id ORDER BY reward) FROM trajectories',
    'SELECT list_transform([1, 2], x -> x + 1), [x FOR x IN [1]], {a: 1}.a',
    'DESCRIBE trajectories',
    'SUMMARIZE SELECT reward FROM trajectories',
    'SELECT * FROM (VALUES (1, 2)) v(a, b)',
    'SELECT * FROM trajectories PIVOT (count(*) FOR success IN (true, false))',
    'SELECT * FROM unnest([1, 2]), generate_series(1, 3), json_each(\'{"a": 1}\')',
    'SELECT EXISTS (SELECT 1 FROM labels), 1 IN (SELECT 1), CAST(1 AS VARCHAR) COLLATE nocase',
  ])('allows %s', async (sql) => {
    expect(await refusal(sql)).toBe('allowed');
  });

  it.each([
    ['SELECT * FROM tw_trajectories', /tw_trajectories is not a public view/],
    ["SELECT * FROM '/etc/passwd'", /would be read as a file or URL/],
    ['SELECT * FROM "data.csv"', /would be read as a file or URL/],
    ["SELECT * FROM glob('/*')", /glob\(\) reads files/],
    ["SELECT * FROM query('SELECT 1')", /query\(\) reads files/],
    ["SELECT * FROM query_table('tw_labels')", /query_table\(\) reads files/],
    ["SELECT current_setting('memory_limit')", /reads the engine settings/],
    ["SELECT pg_get_viewdef('x')", /reads view definitions/],
    ['SELECT * FROM duckdb_tables()', /duckdb_tables\(\) reads files/],
    ['SELECT * FROM information_schema.tables', /not a public view/],
    ['SHOW TABLES', /SHOW lists the whole catalog/],
    ['SELECT * FROM trajectories AT (VERSION => 1)', /time travel/],
    ['WITH tw_labels AS (SELECT 1) SELECT * FROM tw_labels', /name of an internal table/],
    ['WITH duckdb_tables AS (SELECT 1) SELECT 1', /name of an internal table/],
    ['SELECT $1', /parameters/],
    ['PIVOT trajectories ON task_id', /PIVOT statements are refused/],
    ['SELECT 1 UNION ALL (WITH x AS (SELECT 1) SELECT * FROM tw_labels)', /not a public view/],
  ])('refuses %s', async (sql, message) => {
    expect(await refusal(sql)).toMatch(message);
  });
});

describe('expressions embedded in Turnwise statements', () => {
  const probe = { relation: 'trajectories', columns: ['trajectory_id'], label: 'where condition' };

  it('returns the probe to embed, with the expression on its own lines', async () => {
    expect(await guardExpression(connection, ' reward > 0.5 ', probe)).toBe(
      'SELECT trajectory_id, (\nreward > 0.5\n) AS value FROM trajectories\n',
    );
  });

  it.each([
    ['reward > 0) OR (true', /closes a parenthesis/],
    ['1; DROP TABLE tw_labels', /contains ";"/],
    ['reward -- comment', /comments are not allowed/],
    ["(SELECT content FROM read_text('/etc/passwd'))", /read_text\(\) reads files/],
    ["(SELECT count(*) FROM glob('/*')) > 0", /glob\(\) reads files/],
    ["task_id IN (SELECT 'x' FROM tw_labels)", /tw_labels is not a public view/],
    ["(SELECT * FROM query('SELECT 1')) = 1", /query\(\) reads files/],
    ["getenv('HOME') = 'x'", /getenv\(\) is not an allowed function/],
    ['', /it is empty/],
  ])('refuses %s', async (expression, message) => {
    await expect(guardExpression(connection, expression, probe)).rejects.toThrow(message);
  });
});
