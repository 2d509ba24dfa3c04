import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_VIEWS } from '../../shared/public-views';
import { TurnwiseError } from '../../shared/result';
import { tempDir } from '../testing/test-support';
import { SCHEMA_VERSION } from './migrations';
import { Workspace } from './workspace';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function newFile(): string {
  const temp = tempDir();
  cleanup = temp.cleanup;
  return path.join(temp.dir, 'ws.duckdb');
}

async function rawExec(file: string, sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  await connection.run(sql);
  connection.closeSync();
  instance.closeSync();
}

describe('Workspace', () => {
  it('creates a new file with the schema version and every public view', async () => {
    const file = newFile();
    const workspace = await Workspace.open(file);
    expect(await workspace.schemaVersion()).toBe(SCHEMA_VERSION);
    const views = await workspace.query(
      `SELECT table_name FROM information_schema.tables WHERE table_type = 'VIEW' ORDER BY 1`,
    );
    // Internal views are tw_*; every other view is public and documented.
    const names = views.map((row) => String(row.table_name));
    expect(names.filter((name) => !name.startsWith('tw_')).sort()).toEqual(
      [...PUBLIC_VIEWS].sort(),
    );
    for (const view of PUBLIC_VIEWS) {
      expect(await workspace.query(`SELECT count(*) AS n FROM ${view}`)).toEqual([{ n: 0 }]);
    }
    workspace.close();
  });

  it('answers many queries at once, more than it has reader connections, each with its own rows', async () => {
    const workspace = await Workspace.open(newFile());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        workspace.query('SELECT $1::INTEGER AS n, count(*) AS c FROM range($1::INTEGER)', [i]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => [{ n: i, c: i }]));
    // A write on the workspace is seen by the very next read, whichever connection answers it.
    await workspace.run(`INSERT INTO tw_meta VALUES ('probe', 'x')`);
    const seen = await Promise.all(
      Array.from({ length: 6 }, () =>
        workspace.query(`SELECT value FROM tw_meta WHERE key = 'probe'`),
      ),
    );
    expect(seen).toEqual(Array.from({ length: 6 }, () => [{ value: 'x' }]));
    workspace.close();
  });

  it('reopens an existing workspace without migrating twice', async () => {
    const file = newFile();
    (await Workspace.open(file)).close();
    const again = await Workspace.open(file);
    expect(await again.schemaVersion()).toBe(SCHEMA_VERSION);
    again.close();
  });

  it('refuses a workspace written by a newer version, and leaves it untouched', async () => {
    const file = newFile();
    (await Workspace.open(file)).close();
    await rawExec(file, `UPDATE tw_meta SET value = '999' WHERE key = 'schema_version'`);
    const error = await Workspace.open(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('schema_too_new');
    expect((error as TurnwiseError).message).toMatch(/newer Turnwise \(schema version 999/);
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    const rows = (await connection.runAndReadAll(`SELECT value FROM tw_meta`)).getRows();
    expect(rows).toEqual([['999']]);
    connection.closeSync();
    instance.closeSync();
  });

  it('refuses a DuckDB file that holds other tables', async () => {
    const file = newFile();
    await rawExec(file, 'CREATE TABLE unrelated (x INTEGER)');
    await expect(Workspace.open(file)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses a file that is not a DuckDB database', async () => {
    const file = newFile();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'this is not a database\n'.repeat(100));
    await expect(Workspace.open(file)).rejects.toBeInstanceOf(TurnwiseError);
  });

  it('opens read-only without creating a file that does not exist', async () => {
    const file = newFile();
    await expect(Workspace.open(file, { readOnly: true })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it("caps DuckDB's memory by default and takes TURNWISE_MEMORY_LIMIT", async () => {
    const file = newFile();
    const workspace = await Workspace.open(file);
    expect(await workspace.query(`SELECT current_setting('memory_limit') AS m`)).toEqual([
      { m: '488.2 MiB' },
    ]);
    workspace.close();
    process.env.TURNWISE_MEMORY_LIMIT = '2GB';
    try {
      const again = await Workspace.open(file);
      expect(await again.query(`SELECT current_setting('memory_limit') AS m`)).toEqual([
        { m: '1.8 GiB' },
      ]);
      again.close();
    } finally {
      delete process.env.TURNWISE_MEMORY_LIMIT;
    }
  });

  it('cannot write through a read-only workspace', async () => {
    const file = newFile();
    (await Workspace.open(file)).close();
    const workspace = await Workspace.open(file, { readOnly: true });
    await expect(workspace.run(`DELETE FROM tw_meta`)).rejects.toThrow(/read-only/i);
    workspace.close();
  });
});
