// Workspaces as an attacker would send them: a real Turnwise workspace, closed, then changed with
// DuckDB directly. Each tampering is a list of statements, run one at a time on a raw connection.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Workspace } from '../store/workspace';

/** A file the hostile SQL tries to read; its text must never come back. */
export function plantSecret(dir: string): { file: string; text: string } {
  const file = path.join(dir, 'secret.txt');
  const text = 'TOP-SECRET-7f3a9c';
  writeFileSync(file, text);
  return { file, text };
}

/** Tamperings that add what Turnwise never makes: every open must refuse them untouched. */
export function foreignObjects(secret: string, canary: string): Record<string, string[]> {
  const read = `(SELECT content FROM read_text('${secret}'))`;
  return {
    'a macro shadowing the SQL parser': [
      `CREATE MACRO json_serialize_sql(x) AS '{"error":false,"statements":[]}'`,
    ],
    'a macro shadowing lower()': [`CREATE MACRO lower(x) AS ${read}`],
    'a table macro shadowing duckdb_views()': [
      `CREATE MACRO duckdb_views() AS TABLE SELECT 'trajectories' AS view_name`,
    ],
    'a macro of its own': [`CREATE MACRO leak() AS ${read}`],
    'a type': [`CREATE TYPE mood AS ENUM ('happy')`],
    'a sequence': [`CREATE SEQUENCE counter`],
    'a schema': [`CREATE SCHEMA elsewhere`],
    'an index over an expression': [`CREATE INDEX by_len ON tw_turns (length(content))`],
    'a view of its own': [`CREATE VIEW leak AS SELECT content FROM read_text('${secret}')`],
    'a table DEFAULT that calls a function': [
      `ALTER TABLE tw_settings ALTER COLUMN value SET DEFAULT to_json(current_setting('home_directory'))`,
    ],
    'a table of its own': [`CREATE TABLE tw_evil AS SELECT '${canary}' AS path`],
  };
}

/** Tamperings of Turnwise's own views and macros: a writable open writes them again from the code. */
export function redefinedObjects(secret: string): Record<string, string[]> {
  return {
    'a public view redefined to read a file': [
      `CREATE OR REPLACE VIEW datasets AS SELECT content AS dataset_id FROM read_text('${secret}')`,
    ],
    'a Turnwise macro redefined to read a file': [
      `CREATE OR REPLACE MACRO tw_role(r) AS (SELECT content FROM read_text('${secret}'))`,
    ],
    'an internal view dropped': [`DROP VIEW tw_text_search_current`],
  };
}

/**
 * A workspace at `file`, a copy of `from` or else a fresh one (migrated by Turnwise), then
 * `statements` run on it directly.
 */
export async function tamperedWorkspace(
  file: string,
  statements: string[],
  from?: string,
): Promise<string> {
  if (from === undefined) (await Workspace.open(file)).close();
  else copyFileSync(from, file);
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    for (const statement of statements) await connection.run(statement);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return file;
}

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
