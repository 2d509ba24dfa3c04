// The built `turnwise` is used only while no source it was built from is newer, and a build runs
// as the command does.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../electron/engine/store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../electron/engine/test-support';
import { buildCli, currentCliBuild } from './cli-build.mjs';

const { dir, cleanup } = tempDir();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
afterAll(cleanup);

describe('the built CLI', { timeout: 120_000 }, () => {
  it('is current until a source is newer or gone, and runs like the sources', async () => {
    expect(currentCliBuild(dir)).toBeNull();
    const entry = await buildCli(dir);
    expect(currentCliBuild(dir)).toBe(entry);

    const pointerFile = path.join(dir, 'current.json');
    const pointer = JSON.parse(readFileSync(pointerFile, 'utf8')) as {
      started: number;
      inputs: string[];
    };
    expect(pointer.inputs).toContain('electron/cli.ts');
    expect(pointer.inputs).toContain('electron/engine/engine-worker.ts');
    // Built before the sources were last written: stale.
    writeFileSync(pointerFile, JSON.stringify({ ...pointer, started: 0 }));
    expect(currentCliBuild(dir)).toBeNull();
    // A source removed since: stale.
    const gone = { ...pointer, inputs: [...pointer.inputs, 'electron/no-such-file.ts'] };
    writeFileSync(pointerFile, JSON.stringify(gone));
    expect(currentCliBuild(dir)).toBeNull();

    const cli = (await import(pathToFileURL(entry).href)) as {
      main: (argv: string[]) => Promise<number>;
    };
    expect(await cli.main(['help', 'formats'])).toBe(0);
  });

  it('bundles zod with English messages only, and loads no reader to list the formats', async () => {
    const entry = await buildCli(dir);
    const build = path.dirname(entry);
    const code = readdirSync(build)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(path.join(build, name), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from ["']zod["']/);
    // DuckDB's node API is bundled; only its native addon is loaded from node_modules.
    expect(code).not.toMatch(/from ["']@duckdb\/node-api["']|require\("@duckdb\/node-api"\)/);
    expect(code).toContain('node_modules/@duckdb/node-api/lib/DuckDBInstance.js');
    expect(code).toContain('__require("@duckdb/node-bindings")');
    expect(code).toContain('Invalid input');
    expect(code).not.toContain('Ongeldige invoer'); // Dutch, from nl.js
    // The lockfile stands for the bundled packages among the inputs.
    const pointer = JSON.parse(readFileSync(path.join(dir, 'current.json'), 'utf8')) as {
      inputs: string[];
    };
    expect(pointer.inputs).toContain('package-lock.json');
    expect(pointer.inputs).toContain('scripts/cli-build.mjs');
    expect(pointer.inputs.some((input) => input.startsWith('node_modules/'))).toBe(false);
    // What cli.js loads when it starts (static imports, followed through the chunks): no
    // reader, no DuckDB.
    const staticImports = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/^import [^;]*? from ["']([^"']+)["'];?$/gm)].map(
        (match) => match[1] ?? '',
      );
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const pending = [entry];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      for (const spec of staticImports(file)) {
        if (spec.startsWith('./')) pending.push(path.join(build, spec));
        else packages.add(spec);
      }
    }
    expect(loaded.size).toBeGreaterThan(1);
    expect([...packages]).not.toContain('@duckdb/node-api');
    const startupCode = [...loaded].map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(startupCode).toContain('electron/engine/importers/format-infos.ts');
    expect(startupCode).not.toContain('electron/engine/importers/formats/');
    expect(startupCode).not.toContain('node_modules/@duckdb/node-api/');
  });

  it('imports through its reading threads, started from the build', async () => {
    // Built inside the project, where the build finds DuckDB in node_modules as out/cli does.
    const out = path.join(root, 'out', `cli-test-${process.pid}`);
    const entry = await buildCli(out);
    const file = writeJsonl(
      path.join(dir, 'rollouts.jsonl'),
      Array.from({ length: 200 }, (_, i) => turnwiseRecord({ id: `r${i}` })),
    );
    const db = path.join(dir, 'threads.duckdb');
    const env = { ...process.env };
    process.env.TURNWISE_READ_WORKER_MIN_BYTES = '0';
    process.env.TURNWISE_READ_THREADS = '2';
    try {
      const cli = (await import(pathToFileURL(entry).href)) as {
        main: (argv: string[]) => Promise<number>;
      };
      expect(await cli.main(['import', '--db', db, '--format', 'turnwise', file])).toBe(0);
    } finally {
      process.env = env;
      rmSync(out, { recursive: true, force: true });
    }
    const workspace = await Workspace.open(db, { readOnly: true });
    const [row] = await workspace.query('SELECT count(*) AS n FROM tw_trajectories');
    workspace.close();
    expect(Number(row?.n)).toBe(200);
  });
});
