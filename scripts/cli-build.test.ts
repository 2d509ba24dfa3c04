// The built `turnwise` is used only while no source it was built from is newer, and a build runs
// as the command does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Workspace } from '../engine/store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { buildCli, currentCliBuild } from './cli-build.mjs';

const { dir, cleanup } = tempDir();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
afterAll(cleanup);

/** Node's arguments that run a build's command as bin/turnwise.js does, in a process of its own. */
const runArgs = (entry: string, argv: string[]) => [
  '--input-type=module',
  '-e',
  `import { runBuiltCli } from ${JSON.stringify(pathToFileURL(path.join(root, 'scripts', 'cli-load.mjs')).href)};\n` +
    'process.exitCode = await runBuiltCli(process.argv[1], process.argv.slice(2));',
  entry,
  ...argv,
];

/** The bundle's modules that a command evaluated, from V8's coverage of a run in a child process. */
function modulesEvaluated(entry: string, argv: string[]): string[] {
  const coverage = mkdtempSync(path.join(dir, 'coverage-'));
  execFileSync(process.execPath, runArgs(entry, argv), {
    env: { ...process.env, NODE_V8_COVERAGE: coverage },
    stdio: 'ignore',
  });
  const names: string[] = [];
  for (const file of readdirSync(coverage)) {
    const { result } = JSON.parse(readFileSync(path.join(coverage, file), 'utf8')) as {
      result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
    };
    for (const script of result.filter((s) => s.url === pathToFileURL(entry).href)) {
      for (const fn of script.functions) {
        if ((fn.ranges[0]?.count ?? 0) > 0) names.push(fn.functionName);
      }
    }
  }
  return names;
}

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
    expect(pointer.inputs).toContain('cli/main.ts');
    expect(pointer.inputs).toContain('engine/engine-child.ts');
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
    expect(code).not.toMatch(/require\("zod"\)/);
    // DuckDB's node API is bundled; only its native addon is loaded from node_modules.
    expect(code).not.toMatch(/require\("@duckdb\/node-api"\)/);
    expect(code).toContain('node_modules/@duckdb/node-api/lib/DuckDBInstance.js');
    expect(code).toContain('require("@duckdb/node-bindings")');
    expect(code).toContain('Invalid input');
    expect(code).not.toContain('Ongeldige invoer'); // Dutch, from nl.js
    // The lockfile stands for the bundled packages among the inputs.
    const pointer = JSON.parse(readFileSync(path.join(dir, 'current.json'), 'utf8')) as {
      inputs: string[];
    };
    expect(pointer.inputs).toContain('package-lock.json');
    expect(pointer.inputs).toContain('scripts/cli-build.mjs');
    expect(pointer.inputs.some((input) => input.startsWith('node_modules/'))).toBe(false);
    // What `formats` evaluates (V8's coverage of the bundle, whose lazily evaluated modules are
    // functions named by their paths): the format list, no reader, no DuckDB.
    const ran = modulesEvaluated(entry, ['formats']);
    expect(ran).toContain('engine/import/format-infos.ts');
    expect(ran.filter((name) => name.startsWith('engine/import/formats/'))).toEqual([]);
    expect(ran.filter((name) => name.startsWith('node_modules/@duckdb/'))).toEqual([]);
  });

  it('compiles with the code cache of the command, and makes it again when V8 rejects it', async () => {
    const entry = await buildCli(dir);
    const cache = path.join(path.dirname(entry), 'v8-cache', 'formats.bin');
    const run = () =>
      execFileSync(process.execPath, runArgs(entry, ['formats', '--json']), { encoding: 'utf8' });
    const first = run();
    expect(JSON.parse(first)).toHaveProperty('formats');
    const made = statSync(cache);
    expect(made.size).toBeGreaterThan(10_000);
    // Accepted: the second run answers the same and leaves the cache as it was.
    expect(run()).toBe(first);
    expect(statSync(cache).mtimeMs).toBe(made.mtimeMs);
    // Damaged: V8 rejects it, the command still answers and the cache is written again.
    writeFileSync(cache, Buffer.alloc(made.size, 7));
    expect(run()).toBe(first);
    expect(readFileSync(cache).equals(Buffer.alloc(made.size, 7))).toBe(false);
    // A failed command writes no cache.
    expect(() =>
      execFileSync(process.execPath, runArgs(entry, ['no-such-command']), { stdio: 'ignore' }),
    ).toThrow();
    expect(existsSync(path.join(path.dirname(cache), 'no-such-command.bin'))).toBe(false);
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
