// Where a worker thread's script is. Bundled (out/electron/, out/cli/<build>/) each worker is an
// esbuild entry beside the code that starts it. From TypeScript source (tsx, Vitest,
// bin/turnwise.js in development) it is the .ts file, loaded through a tiny data: URL module that
// registers tsx first: Node 20 does not apply `--import tsx` hooks from a worker's execArgv to
// the worker's own entry module.
import { fileURLToPath } from 'node:url';

/** Sources are named relative to engine/, this module's parent folder. */
const engineFolder = () => new URL('../', import.meta.url);

/** The script of the worker whose entry is `source` (relative to this folder, engine/). */
export function workerScript(source: string, bundled: string): URL {
  if (!import.meta.url.endsWith('.ts')) {
    // Packaged apps unpack the workers next to the archive (build/electron-builder.yml).
    const script = new URL(`./${bundled}`, import.meta.url).href;
    return new URL(script.replace(/\/app\.asar\//, '/app.asar.unpacked/'));
  }
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL(source, engineFolder()).href;
  const code =
    `import { register } from ${JSON.stringify(tsxApi)};\n` +
    `register();\nawait import(${JSON.stringify(entry)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** How to start a child process whose entry is `source` (relative to engine/) with fork(). */
export function childScript(source: string, bundled: string): { path: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) {
    const script = fileURLToPath(new URL(`./${bundled}`, import.meta.url));
    // Packaged, the child runs from the unpacked folder as the workers do.
    return {
      path: script.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2'),
      execArgv: [],
    };
  }
  return {
    path: fileURLToPath(new URL(source, engineFolder())),
    execArgv: ['--import', import.meta.resolve('tsx')],
  };
}
