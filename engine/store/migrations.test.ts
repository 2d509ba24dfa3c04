import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { Workspace } from './workspace';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

describe('migrations', () => {
  it('are numbered 1, 2, ... without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('upgrade a version-1 workspace to the current schema, keeping its rows', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'old.duckdb');
    // Build a workspace exactly as version 1 left it.
    const instance = await DuckDBInstance.create(file);
    const connection = await instance.connect();
    await connection.run(`CREATE TABLE tw_meta (key VARCHAR PRIMARY KEY, value VARCHAR)`);
    for (const statement of MIGRATIONS[0]?.statements ?? []) await connection.run(statement);
    await connection.run(`INSERT INTO tw_meta VALUES ('schema_version', '1')`);
    await connection.run(
      `INSERT INTO tw_turns VALUES ('d:t', 0, 'user', 'hello', NULL, '[]', NULL, false, NULL)`,
    );
    connection.closeSync();
    instance.closeSync();

    const workspace = await Workspace.open(file);
    expect(await workspace.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(await workspace.query(`SELECT content, metadata, error FROM turns`)).toEqual([
      { content: 'hello', metadata: null, error: null },
    ]);
    workspace.close();
  });

  it.each(MIGRATIONS.slice(0, -1).map((m) => m.version))(
    'bring a version-%i workspace to exactly the reference catalog, read-only after',
    async (version) => {
      const temp = tempDir();
      cleanup = temp.cleanup;
      const file = path.join(temp.dir, `v${version}.duckdb`);
      const instance = await DuckDBInstance.create(file);
      const connection = await instance.connect();
      await connection.run(`CREATE TABLE tw_meta (key VARCHAR PRIMARY KEY, value VARCHAR)`);
      for (const migration of MIGRATIONS.filter((m) => m.version <= version)) {
        for (const statement of migration.statements) await connection.run(statement);
      }
      await connection.run(`INSERT INTO tw_meta VALUES ('schema_version', '${version}')`);
      connection.closeSync();
      instance.closeSync();
      // The open's own final check refuses anything but the reference; a read-only open of
      // the file as written then finds it clean too.
      (await Workspace.open(file)).close();
      const reopened = await Workspace.open(file, { readOnly: true });
      expect(await reopened.schemaVersion()).toBe(SCHEMA_VERSION);
      reopened.close();
    },
  );
});
