// The SQL console (runSql) and `turnwise sql` cannot change the workspace or reach past it: a list
// of attempts, each refused, with the workspace, the file system and a planted secret untouched.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine, type LocalEngine } from '../engine';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';

let engine: LocalEngine;
let dir: string;
let db: string;
let cleanup: () => void;
let secret: string;
let before: string;

const SECRET_TEXT = 'TURNWISE-PLANTED-SECRET-7f3a';
const STATE_SQL = `SELECT (SELECT string_agg(table_name, ',' ORDER BY table_name) FROM duckdb_tables()) AS tables,
  (SELECT string_agg(view_name, ',' ORDER BY view_name) FROM duckdb_views() WHERE NOT internal) AS views,
  (SELECT count(*) FROM tw_all_turns) AS turns,
  (SELECT count(*) FROM trajectories) AS trajectories,
  (SELECT sum(hash(trajectory_id, reward)) FROM trajectories) AS checksum`;

async function runSql(sql: string) {
  return engine.dispatch('runSql', { sql, max_rows: 100 });
}

/** Read directly: the console itself may not read the catalog or the internal tables. */
async function state(): Promise<string> {
  return JSON.stringify(await engine.workspace.query(STATE_SQL));
}

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  secret = path.join(dir, 'secret.csv');
  writeFileSync(secret, `token\n${SECRET_TEXT}\n`);
  // The folder exists, so a write that got through would land there.
  mkdirSync(path.join(dir, 'written'));
  db = path.join(dir, 'ws.duckdb');
  engine = await openEngine({ dbPath: db });
  const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
    turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
    turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false }),
  ]);
  const job = await engine.dispatch('startImport', { paths: [file] });
  if (!job.ok) throw new Error(job.error.message);
  await engine.waitForJob(job.value.job_id);
  before = await state();
});

afterAll(async () => {
  await engine.close();
  cleanup();
});

/** [what it tries, the SQL]. Placeholders: PLANTED the planted file, OUT(x) a new file, WORKDIR, WORKSPACE. */
const ATTEMPTS: [string, string][] = [
  ['DDL: create a table', 'CREATE TABLE extra (x INT)'],
  ['DDL: create a view', 'CREATE VIEW v AS SELECT 1'],
  ['DDL: create a macro', 'CREATE MACRO m(x) AS x + 1'],
  ['DDL: create a sequence', 'CREATE SEQUENCE s'],
  ['DDL: create an index', 'CREATE INDEX i ON tw_trajectories (reward)'],
  ['DDL: drop an internal table', 'DROP TABLE tw_trajectories'],
  ['DDL: drop a public view', 'DROP VIEW trajectories'],
  ['DDL: alter a table', 'ALTER TABLE tw_trajectories ADD COLUMN x INT'],
  ['DML: insert', "INSERT INTO tw_datasets (dataset_id) VALUES ('x')"],
  ['DML: update', 'UPDATE tw_trajectories SET reward = 99'],
  ['DML: delete', 'DELETE FROM tw_trajectories'],
  ['DML: truncate', 'TRUNCATE tw_trajectories'],
  ['DML: delete through a view', 'DELETE FROM trajectories'],
  ['attach another database', 'ATTACH OUT(other.duckdb) AS other'],
  ['detach the workspace', 'DETACH ws'],
  ['switch database', 'USE memory'],
  ['copy to a file', 'COPY tw_trajectories TO OUT(dump.csv)'],
  ['copy a query to a file', 'COPY (SELECT 1) TO OUT(q.parquet) (FORMAT parquet)'],
  ['copy from a file', 'COPY tw_trajectories FROM PLANTED'],
  ['export the database', 'EXPORT DATABASE OUT(export)'],
  ['import a database', 'IMPORT DATABASE WORKDIR'],
  ['import a database after a query', 'SELECT 1; IMPORT DATABASE WORKDIR'],
  ['install an extension', 'INSTALL httpfs'],
  ['load an extension', 'LOAD httpfs'],
  ['change a setting', 'SET enable_external_access = true'],
  ['reset a setting', 'RESET threads'],
  ['pragma', 'PRAGMA enable_profiling'],
  ['call', 'CALL checkpoint()'],
  ['checkpoint', 'CHECKPOINT'],
  ['vacuum', 'VACUUM'],
  ['start a transaction', 'BEGIN TRANSACTION'],
  ['commit', 'COMMIT'],
  ['prepare', 'PREPARE p AS SELECT 1'],
  ['create a secret', "CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')"],
  ['two statements', 'SELECT 1; DROP TABLE tw_trajectories'],
  ['a write behind a comment', '/* SELECT */ DELETE FROM tw_trajectories'],
  ['read a file as text', 'SELECT * FROM read_text(PLANTED)'],
  ['read a file as a blob', 'SELECT * FROM read_blob(PLANTED)'],
  ['read a CSV file', 'SELECT * FROM read_csv(PLANTED)'],
  ['read a JSON file', 'SELECT * FROM read_json(PLANTED)'],
  ['read a Parquet file', 'SELECT * FROM read_parquet(PLANTED)'],
  ['read a file by path', 'SELECT * FROM PLANTED'],
  ['read a file by path, FROM first', 'FROM PLANTED'],
  ['read a URL', "SELECT * FROM 'https://example.com/data.parquet'"],
  ['list files', "SELECT * FROM glob('/*')"],
  ['sniff a file', 'SELECT * FROM sniff_csv(PLANTED)'],
  ['Parquet metadata of a file', 'SELECT * FROM parquet_metadata(PLANTED)'],
  ['read another DuckDB file', 'SELECT * FROM read_duckdb(WORKSPACE)'],
  ['a file read inside a CTE', 'WITH x AS (SELECT * FROM read_text(PLANTED)) SELECT * FROM x'],
  [
    'a file read inside a subquery',
    'SELECT * FROM trajectories WHERE task_id IN (SELECT content FROM read_text(PLANTED))',
  ],
  ['a file read inside a scalar subquery', 'SELECT (SELECT content FROM read_text(PLANTED))'],
  ['a file read in a join', 'SELECT * FROM trajectories, read_csv(PLANTED)'],
  ['a file read under EXPLAIN ANALYZE', 'EXPLAIN ANALYZE SELECT * FROM read_text(PLANTED)'],
  ['a file read under SUMMARIZE', 'SUMMARIZE SELECT * FROM read_text(PLANTED)'],
  ['SQL from a string', "SELECT * FROM query('SELECT * FROM read_text(''x'')')"],
  ['a table by name from a string', "SELECT * FROM query_table('tw_trajectories')"],
  ['serialized SQL', "SELECT * FROM json_execute_serialized_sql('{}')"],
  ['a checkpoint function', 'SELECT * FROM force_checkpoint()'],
  ['profiling on', 'SELECT * FROM enable_profiling()'],
  ['secrets', 'SELECT * FROM duckdb_secrets()'],
  ['advance a sequence', "SELECT nextval('seq')"],
  [
    'EXPLAIN ANALYZE around a string that hides a file read (issue 15)',
    "EXPLAIN ANALYZE (SELECT ')/*' AS x, content::INT FROM read_text(PLANTED)) --*/",
  ],
  [
    'EXPLAIN options that hide a COPY to a file (issue 15)',
    "EXPLAIN (ANALYZE ')/*') COPY (SELECT 'echo pwned' AS line) TO OUT(x.sh) (HEADER false, QUOTE '') --*/",
  ],
  ['EXPLAIN of a COPY', 'EXPLAIN COPY (SELECT 1) TO OUT(e.csv)'],
  ['read an internal table', 'SELECT * FROM tw_trajectories'],
  ['list the catalog', 'SELECT * FROM duckdb_tables()'],
  ['read the information schema', 'SELECT * FROM information_schema.tables'],
  ['show every table', 'SHOW TABLES'],
  ['read a setting', "SELECT current_setting('memory_limit')"],
  ['read the environment', "SELECT getenv('HOME')"],
  ['a view definition through a macro', "SELECT pg_get_viewdef('trajectories')"],
  ['a CTE named like an internal table', 'WITH tw_labels AS (SELECT 1) SELECT * FROM tw_labels'],
  [
    'a file read in a lambda',
    'SELECT list_transform([1], x -> (SELECT content FROM read_text(PLANTED)))',
  ],
];

function sqlOf(template: string): string {
  return template
    .replaceAll('PLANTED', `'${secret}'`)
    .replaceAll('WORKDIR', `'${dir}'`)
    .replaceAll('WORKSPACE', `'${db}'`)
    .replace(/OUT\(([^)]+)\)/g, (_match, name: string) => `'${path.join(dir, 'written', name)}'`);
}

describe('the SQL console refuses every attempt to change or leave the workspace', () => {
  it.each(ATTEMPTS)('%s', async (_what, template) => {
    const result = await runSql(sqlOf(template));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('read_only');
    expect(JSON.stringify(result)).not.toContain(SECRET_TEXT);
  });

  it('left the workspace as it was and wrote no file', async () => {
    expect(await state()).toBe(before);
    expect(readdirSync(path.join(dir, 'written'))).toEqual([]);
    const files = readdirSync(dir).filter((name) => !name.endsWith('.wal'));
    expect(files.sort()).toEqual(['runs.jsonl', 'secret.csv', 'written', 'ws.duckdb']);
  });

  it('still answers queries over the workspace', async () => {
    for (const sql of [
      'SELECT count(*) AS n FROM trajectories',
      'SELECT * FROM trajectories ORDER BY trajectory_id',
      'WITH t AS (SELECT * FROM turns) SELECT count(*) FROM t',
      'DESCRIBE trajectories',
      'SUMMARIZE trajectories',
      'EXPLAIN SELECT * FROM trajectories',
      'EXPLAIN ANALYZE SELECT count(*) FROM turns',
      'SELECT * FROM range(3)',
      'SELECT * FROM json_each(\'{"a": 1}\')',
      'SELECT * FROM main.trajectories',
    ]) {
      const result = await runSql(sql);
      expect(result.ok ? 'ok' : result.error.message, sql).toBe('ok');
    }
  });
});

describe('turnwise sql refuses the same attempts', () => {
  const bin = path.resolve(import.meta.dirname, '..', '..', 'bin', 'turnwise.js');
  const CLI_ATTEMPTS = [
    'DELETE FROM tw_trajectories',
    'SELECT * FROM read_text(PLANTED)',
    'FROM PLANTED',
    "EXPLAIN ANALYZE (SELECT ')/*' AS x, content::INT FROM read_text(PLANTED)) --*/",
    "EXPLAIN (ANALYZE ')/*') COPY (SELECT 'echo pwned' AS line) TO OUT(x.sh) (HEADER false, QUOTE '') --*/",
  ];

  it.each(CLI_ATTEMPTS)('%s', async (template) => {
    // The CLI opens the workspace itself: the engine must let go of the file first.
    await engine.close();
    try {
      const run = spawnSync(process.execPath, [bin, 'sql', '--db', db, sqlOf(template)], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^turnwise: sql: /);
      expect(run.stdout + run.stderr).not.toContain(SECRET_TEXT);
    } finally {
      engine = await openEngine({ dbPath: db });
    }
    expect(await state()).toBe(before);
  });
});
