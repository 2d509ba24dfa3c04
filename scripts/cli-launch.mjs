// The `turnwise` command's launcher. scripts/cli-build.mjs bundles it, with the builder and the
// loader, into out/cli/launch.mjs, which is all bin/turnwise.js runs: the command never loads
// the repository's scripts or sources itself. It runs the current build, building again first
// when any source is newer than it (so the command is never stale), compiled with V8's code cache
// (cli-load.mjs). Where no build can be written (a read-only install), it runs the TypeScript
// sources through tsx.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, currentCliBuild, PACKAGE_ROOT } from './cli-build.mjs';
import { runBuiltCli } from './cli-load.mjs';

async function currentOrNewBuild() {
  try {
    return currentCliBuild() ?? (await buildCli());
  } catch {
    return null;
  }
}

/** Runs `turnwise argv` and returns its exit code. */
export async function launch(argv) {
  const entry = await currentOrNewBuild();
  if (entry !== null) return runBuiltCli(entry, argv);
  const { register } = await import('tsx/esm/api');
  register();
  const cli = await import(pathToFileURL(path.join(PACKAGE_ROOT, 'cli', 'main.ts')).href);
  return cli.main(argv);
}
