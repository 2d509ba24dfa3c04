// A workspace someone sent is hostile input (docs/security.md, "A received workspace"). Opening
// one refuses what Turnwise never makes, with nothing read or written, and writes Turnwise's own
// views and macros again from the code where they were changed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../engine';
import { tempDir } from '../testing/test-support';
import {
  foreignObjects,
  plantSecret,
  redefinedObjects,
  sha256Of,
  tamperedWorkspace,
} from '../testing/hostile-workspace-test-support';
import REFERENCE from './schema-catalog.generated.json' with { type: 'json' };
import { readCatalog } from './schema-catalog';
import { Workspace } from './workspace';

let dir: string;
let cleanup: () => void;
let secret: { file: string; text: string };
let canary: string;

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  secret = plantSecret(dir);
  canary = path.join(dir, 'canary.txt');
});
afterAll(() => cleanup());

let count = 0;
const nextFile = () => path.join(dir, `ws-${(count += 1)}.duckdb`);

describe('a workspace holding objects Turnwise never makes', () => {
  it.each(Object.keys(foreignObjects('', '')))(
    '%s: every open refuses it untouched',
    async (what) => {
      const file = await tamperedWorkspace(
        nextFile(),
        foreignObjects(secret.file, canary)[what] ?? [],
      );
      const before = sha256Of(file);
      for (const readOnly of [false, true]) {
        const opening = openEngine({ dbPath: file, readOnly });
        await expect(opening).rejects.toMatchObject({ code: 'invalid_input' });
        await expect(opening).rejects.toThrow(/not opened, because its schema is not Turnwise's: /);
        await expect(opening).rejects.not.toThrow(secret.text);
      }
      expect(sha256Of(file)).toBe(before);
      expect(existsSync(canary)).toBe(false);
    },
  );

  it('names the object and what is wrong with it', async () => {
    const file = await tamperedWorkspace(nextFile(), [
      `CREATE MACRO lower(x) AS 'shadowed'`,
      `CREATE OR REPLACE VIEW runs AS SELECT 1 AS dataset_id`,
    ]);
    await expect(Workspace.open(file)).rejects.toThrow(
      /macro main\.lower was not made by Turnwise; view main\.runs differs from Turnwise's definition/,
    );
  });

  it('refuses an older workspace with a foreign macro before migrating it', async () => {
    const file = await tamperedWorkspace(nextFile(), [
      `UPDATE tw_meta SET value = '13' WHERE key = 'schema_version'`,
      `DROP VIEW tw_datasets_signature`,
      `CREATE MACRO json_serialize_sql(x) AS '{"error":false,"statements":[]}'`,
    ]);
    const before = sha256Of(file);
    await expect(Workspace.open(file)).rejects.toThrow(
      /macro main\.json_serialize_sql was not made/,
    );
    expect(sha256Of(file)).toBe(before);
  });

  it('refuses a tw_meta that is not the table Turnwise makes', async () => {
    const file = await tamperedWorkspace(nextFile(), [
      `DROP TABLE tw_meta`,
      `CREATE VIEW tw_meta AS SELECT 'schema_version' AS key, content AS value FROM read_text('${secret.file}')`,
    ]);
    await expect(Workspace.open(file)).rejects.toThrow(/not a Turnwise workspace .*no tw_meta/);
  });
});

describe('a workspace whose Turnwise views or macros were changed', () => {
  it.each(Object.keys(redefinedObjects('')))(
    '%s: a read-only open refuses it; a writable one writes it again from the code',
    async (what) => {
      const file = await tamperedWorkspace(nextFile(), redefinedObjects(secret.file)[what] ?? []);
      await expect(openEngine({ dbPath: file, readOnly: true })).rejects.toThrow(
        /Opening it once with write access re-creates Turnwise's views and macros/,
      );
      const engine = await openEngine({ dbPath: file });
      try {
        const rows = await engine.workspace.query('SELECT * FROM datasets');
        expect(JSON.stringify(rows)).not.toContain(secret.text);
        const connection = await engine.workspace.connect();
        try {
          const actual = (await readCatalog(connection)).filter((o) => o.kind !== 'table');
          const expected = REFERENCE.objects.filter((o) => o.kind !== 'table');
          expect(new Set(actual.map((o) => JSON.stringify(o)))).toEqual(
            new Set(expected.map((o) => JSON.stringify(o))),
          );
        } finally {
          connection.closeSync();
        }
      } finally {
        await engine.close();
      }
      await (await openEngine({ dbPath: file, readOnly: true })).close();
    },
  );
});

describe('files that are not DuckDB workspaces', () => {
  it.each([
    ['a SQLite database', Buffer.from('SQLite format 3\0'.padEnd(4096, '\0')), /a SQLite database/],
    ['random bytes', Buffer.from('not a database at all, just text\n'.repeat(200)), /first bytes/],
  ])('%s is refused by name without loading anything', async (_what, bytes, reason) => {
    const file = nextFile();
    (await import('node:fs')).writeFileSync(file, bytes);
    await expect(Workspace.open(file)).rejects.toThrow(reason);
    await expect(Workspace.open(file)).rejects.toThrow(/not a DuckDB workspace file/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('opens every workspace with extension installing and loading off', async () => {
    const workspace = await Workspace.open(nextFile());
    try {
      const [row] = await workspace.query(
        `SELECT current_setting('autoinstall_known_extensions') AS install,
                current_setting('autoload_known_extensions') AS load`,
      );
      expect(row).toEqual({ install: false, load: false });
    } finally {
      workspace.close();
    }
  });

  it('refuses a folder and a FIFO instead of waiting on it', async () => {
    await expect(Workspace.open(dir)).rejects.toThrow(/it is a folder/);
    const fifo = path.join(dir, 'pipe.duckdb');
    (await import('node:child_process')).execFileSync('mkfifo', [fifo]);
    await expect(Workspace.open(fifo)).rejects.toThrow(/not a regular file/);
  });
});

describe('one statement per call', () => {
  it('refuses a text with a second statement on every connection, the raw ones included', async () => {
    const workspace = await Workspace.open(nextFile());
    const write = `COPY (SELECT 1) TO '${canary}'`;
    try {
      await expect(workspace.run(`SELECT 1; ${write}`)).rejects.toThrow(/held 2 statements/);
      await expect(workspace.query(`SELECT 1; ${write}`)).rejects.toThrow(/held 2 statements/);
      const raw = await DuckDBInstance.create(':memory:');
      const connection = await raw.connect();
      await expect(connection.run(`SELECT 1; ${write}`)).rejects.toThrow(/held 2/);
      await expect(connection.runAndReadAll(`SELECT 1; ${write}`, [])).rejects.toThrow(/held 2/);
      await expect(connection.stream(`SELECT 1; ${write}`)).rejects.toThrow(/held 2/);
      connection.closeSync();
      raw.closeSync();
    } finally {
      workspace.close();
    }
    expect(existsSync(canary)).toBe(false);
  });
});
