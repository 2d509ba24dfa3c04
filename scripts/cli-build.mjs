// The `turnwise` command as built JavaScript (out/cli/), so it does not compile TypeScript at
// every start. The launcher (cli-launch.mjs, bundled to out/cli/launch.mjs by every build, which
// is what bin/turnwise.js runs) asks `currentCliBuild()` for a build no older than any source it
// was made from and calls `buildCli()` when there is none, so the command is never stale
// (`npm run build:cli`, and `npm install` through it, do the same ahead of time).
//
// Each build goes to a folder of its own whose code never changes once written; out/cli/current.json
// names the one in use and is replaced atomically. Processes that started on an older build keep
// reading its files, so parallel runs and rebuilds cannot collide. A build is CommonJS, one file
// per entry, so that scripts/cli-load.mjs can compile it with V8's code cache (Node 20 has no
// cache for ES modules); the caches it writes beside the code are the only files added later.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Found upwards: this module also runs bundled into the launcher in out/cli/.
import { packageRoot } from '../server/package-root.mjs';

export const PACKAGE_ROOT = packageRoot();
const root = PACKAGE_ROOT;
export const CLI_OUT = path.join(root, 'out', 'cli');
/** Builds other than the current one are removed once this old (no process still runs them). */
const STALE_BUILD_MS = 60 * 60 * 1000;

/** The entry of a build that is newer than all its sources, or null. */
export function currentCliBuild(out = CLI_OUT) {
  let pointer;
  try {
    pointer = JSON.parse(readFileSync(path.join(out, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  const entry = path.join(out, pointer.dir, 'cli.js');
  if (!existsSync(entry)) return null;
  for (const input of pointer.inputs) {
    // A source changed or removed since the build started: build again.
    const mtime = statSync(path.join(root, input), { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined || mtime > pointer.started) return null;
  }
  return entry;
}

function removeOldBuilds(out, keep) {
  for (const name of readdirSync(out)) {
    const dir = path.join(out, name);
    if (name === keep || name === 'current.json' || name === 'launch.mjs') continue;
    if (name.startsWith('.')) continue;
    if (Date.now() - statSync(dir).mtimeMs > STALE_BUILD_MS) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Packages bundled into the build; every other package is loaded from node_modules at run time.
 * zod is needed by every command (the shared schemas) and ships as some 90 ES modules: loading
 * them one by one cost more than the CLI's own code at start (docs/performance.md). DuckDB's node
 * API is some 60 CommonJS files re-exported from one index; bundled, a command that opens a
 * workspace loads it ~60 ms sooner than through `require` (and than through an ES import, where
 * Node also lexes every file for its exports). Its native addon, @duckdb/node-bindings, stays
 * external: the bundle `require`s it (the banner's createRequire).
 */
const BUNDLED_PACKAGES = ['zod', '@duckdb/node-api'];

/** An esbuild plugin that leaves bare imports external unless their package is in `bundled`. */
function bundleOnly(bundled) {
  return {
    name: 'bundle-only',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@')
          ? args.path.split('/').slice(0, 2).join('/')
          : args.path.split('/')[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Builds the CLI (and the engine process and worker it may start) and makes it current; returns its entry. */
export async function buildCli(out = CLI_OUT) {
  const started = Date.now();
  const name = `build-${started.toString(36)}-${process.pid}`;
  const outdir = path.join(out, name);
  mkdirSync(outdir, { recursive: true });
  // Loaded here: a start that finds a current build never pays for esbuild.
  const { build } = await import('esbuild');
  // The bundle is CommonJS (see the top of this file); `import.meta` has no CommonJS form, so
  // its two uses (worker-script.ts, paths.ts) read the bundle file's own URL from the banner.
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      cli: 'cli/main.ts',
      'engine-child': 'engine/engine-child.ts',
      'read-worker': 'engine/import/read-worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    plugins: [bundleOnly(BUNDLED_PACKAGES)],
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // A quarter fewer bytes to read and for V8 to check against its cache; names stay, so stack
    // traces still name functions.
    minifyWhitespace: true,
    minifySyntax: true,
    define: { 'import.meta.url': '__turnwiseUrl', 'import.meta.resolve': '__turnwiseResolve' },
    banner: {
      js:
        "var __turnwiseUrl = require('node:url').pathToFileURL(__filename).href;\n" +
        "var __turnwiseResolve = (s) => require('node:url').pathToFileURL(require.resolve(s)).href;",
    },
  });
  // The project's package.json says "module"; this folder's files are CommonJS.
  writeFileSync(path.join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
  // The bundled packages change only through npm, which rewrites the lockfile; a build made by
  // another version of this script (other bundled packages, other plugins) is stale too.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes(':') && !file.startsWith('node_modules/'))
    .concat(existsSync(path.join(root, 'package-lock.json')) ? ['package-lock.json'] : [])
    .concat(['scripts/cli-build.mjs', 'scripts/cli-launch.mjs', 'scripts/cli-load.mjs']);
  await buildLauncher(build, out);
  const temp = path.join(out, `.current-${process.pid}.json`);
  writeFileSync(temp, JSON.stringify({ dir: name, started, inputs }));
  renameSync(temp, path.join(out, 'current.json'));
  removeOldBuilds(out, name);
  return path.join(outdir, 'cli.js');
}

/**
 * Bundles the launcher (cli-launch.mjs with this builder and the loader) to `out`/launch.mjs, the
 * one file bin/turnwise.js runs; replaced atomically, so a command starting meanwhile reads the
 * old one or the new one whole.
 */
async function buildLauncher(build, out) {
  const temp = path.join(out, `.launch-${process.pid}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: ['scripts/cli-launch.mjs'],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded on demand from node_modules: esbuild only to build again, tsx only for the sources.
    external: ['esbuild', 'tsx', 'tsx/*'],
    logLevel: 'silent',
    legalComments: 'none',
  });
  try {
    renameSync(temp, path.join(out, 'launch.mjs'));
  } catch (error) {
    unlinkSync(temp);
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const entry = await buildCli();
  console.log(`built ${path.relative(root, entry)}`);
}
