// Builds the Electron side with esbuild (`npm run build:electron`):
//   out/electron/main.js     ESM, every node_modules package external (DuckDB's native addon,
//                            electron itself), so packaging ships them as real modules.
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

rmSync(outDir, { recursive: true, force: true });

await Promise.all([
  build({
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: path.join(outDir, 'main.js'),
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['electron'],
    // Bundled ESM has no `require`; some dependencies still reach for it.
    banner: {
      js: "import { createRequire as __turnwiseCreateRequire } from 'node:module';\nconst require = __turnwiseCreateRequire(import.meta.url);",
    },
  }),
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

console.log(`built ${path.relative(root, outDir)}/main.js and preload.cjs`);
