// Loads a CLI build (scripts/cli-build.mjs) with V8's code cache. Most of a command's start-up
// beyond Node's own is V8 compiling the bundle (docs/performance.md, "CLI start"); Node 20 offers
// no cache for that (module.enableCompileCache came in Node 22), so the bundle is CommonJS and is
// compiled here as a vm.Script with the cached data of an earlier run of the same command.
//
// The cache is made after a command succeeds, so it holds the functions that command compiled
// (V8 compiles lazily, and `stats` and `formats` run different code): one file per command, in
// `v8-cache/` of the build's own folder, written once and removed with the build. V8 checks the
// data against the source and its own version and flags and rejects what does not match; a
// rejected cache is written again. A folder that cannot be written (a read-only install) only
// means no cache.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** The cache of a command: its name when it looks like one, else one shared name. */
function cacheNameOf(argv) {
  const [command] = argv;
  if (command === undefined || command === '--help' || command === '-h') return 'help';
  return /^[a-z][a-z-]{0,31}$/.test(command) ? command : 'other';
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(file, data) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch {
    // Not writable here: the next start compiles without a cache, as this one did.
  }
}

/**
 * Runs the build's `main(argv)` and returns its exit code. The build's entry is evaluated as
 * CommonJS would evaluate it (its own `require`, `module`, `__filename`), so the rest of the
 * bundle (its workers, native addons, packages in node_modules) resolves as before.
 */
export async function runBuiltCli(builtEntry, argv) {
  const entry = path.resolve(builtEntry);
  const cacheFile = path.join(path.dirname(entry), 'v8-cache', `${cacheNameOf(argv)}.bin`);
  const cachedData = readCache(cacheFile);
  const script = new vm.Script(Module.wrap(readFileSync(entry, 'utf8')), {
    filename: entry,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = new Module(entry);
  module.filename = entry;
  module.paths = Module._nodeModulePaths(path.dirname(entry));
  const wrapper = script.runInThisContext();
  const require = createRequire(entry);
  wrapper.call(module.exports, module.exports, require, module, entry, path.dirname(entry));
  const code = await module.exports.main(argv);
  if (code === 0 && (cachedData === undefined || script.cachedDataRejected === true)) {
    writeCache(cacheFile, script.createCachedData());
  }
  return code;
}
