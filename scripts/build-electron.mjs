// Builds the Electron side with esbuild (`npm run build:electron`):
//   out/electron/main.js     ESM, every node_modules package external (DuckDB's native addon,
//                            electron itself), so packaging ships them as real modules.
//   out/electron/engine-child.js  the engine's own process (engine-process.ts forks it from
//                            beside main.js); built like main.js, and never imports electron.
//   out/electron/read-worker.js    the reading thread of a large import (read-in-worker.ts
//                            starts it from the engine's process); built like engine-child.js.
//   out/electron/preload.cjs CommonJS and self-contained: a sandboxed preload can only
//                            require('electron'), so the shared code it uses is bundled in.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'out', 'electron');

/** @type {import('esbuild').BuildOptions} */
const common = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: true,
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
};

/** @type {import('esbuild').BuildOptions} */
const nodeEsm = {
  ...common,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  external: ['electron'],
  // Bundled ESM has no `require`; some dependencies still reach for it.
  banner: {
    js: "import { createRequire as __turnwiseCreateRequire } from 'node:module';\nconst require = __turnwiseCreateRequire(import.meta.url);",
  },
};

rmSync(outDir, { recursive: true, force: true });

await Promise.all([
  build({ ...nodeEsm, entryPoints: ['electron/main.ts'], outfile: path.join(outDir, 'main.js') }),
  // Packaged, the engine process and the worker run from app.asar.unpacked (neither may read
  // scripts inside the asar archive), where only DuckDB's package is unpacked beside them: bundle
  // every other dependency into each.
  ...[
    ['engine/engine-child.ts', 'engine-child.js'],
    ['engine/import/read-worker.ts', 'read-worker.js'],
  ].map(([entry, file]) =>
    build({
      ...nodeEsm,
      entryPoints: [entry],
      outfile: path.join(outDir, file),
      packages: undefined,
      external: ['electron', '@duckdb/*'],
    }),
  ),
  build({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: path.join(outDir, 'preload.cjs'),
    // It runs in the renderer's sandbox: no Node built-ins may sneak into the bundle.
    platform: 'browser',
    format: 'cjs',
    external: ['electron'],
  }),
]);

console.log(
  `built ${path.relative(root, outDir)}/main.js, engine-child.js, read-worker.js and preload.cjs`,
);
