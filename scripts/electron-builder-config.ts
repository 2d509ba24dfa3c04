// Reads build/electron-builder.yml the way electron-builder does, and answers the questions
// its test asks: which files the packaged app keeps, which it unpacks from the asar, and which
// packages the bundled main process and engine worker still load from node_modules at run time.
// Packaging itself needs the Electron download from GitHub, so it is checked through
// electron-builder's own loader, schema validator and file matchers instead.
import type {
  Configuration,
  PlatformSpecificBuildOptions,
  TargetConfigType,
} from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import * as fileMatchers from 'app-builder-lib/out/fileMatcher.js';
import type { FileMatcher } from 'app-builder-lib/out/fileMatcher.js';
import { DebugLogger, type Filter, type FilterStats } from 'builder-util';
import { build, type BuildOptions } from 'esbuild';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

export type { Configuration, PlatformSpecificBuildOptions };

/** The file and its `extends` chain, merged as `electron-builder --config <file>` does. */
export function loadBuilderConfig(projectDir: string, configFile: string): Promise<Configuration> {
  return getConfig(projectDir, configFile, null);
}

/** electron-builder's own check: its scheme.json (ajv) plus its deprecation rules. Throws. */
export function validateBuilderConfig(config: Configuration): Promise<void> {
  return validateConfiguration(config, new DebugLogger(false));
}

/** Target names of one platform section (`target: [dmg]`, `target: {target: dmg}`, ...). */
export function targetNames(target: TargetConfigType | undefined): string[] {
  if (target == null) return [];
  const list = Array.isArray(target) ? target : [target];
  return list.map((item) => (typeof item === 'string' ? item : item.target));
}

// getMainFileMatchers and getNodeModuleFileMatcher are what the packager calls, but they are
// marked @internal and left out of the .d.ts: these are their signatures in 26.x.
interface PackagerInfo {
  readonly projectDir: string;
  readonly buildResourcesDir: string;
  readonly isPrepackedAppAsar: boolean;
  readonly config: Configuration;
  readonly debugLogger: DebugLogger;
}
interface InternalFileMatchers {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: PlatformSpecificBuildOptions,
    platformPackager: { readonly info: PackagerInfo },
    outDir: string,
    isElectronCompile: boolean,
  ): FileMatcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: PlatformSpecificBuildOptions,
    packager: PackagerInfo,
  ): FileMatcher;
}
const internalMatchers = fileMatchers as unknown as InternalFileMatchers;

const noMacros = (pattern: string) => pattern;
// Where the packager copies the app to; only used to place files, never to match them.
const destination = path.join('/', 'packaged-app');

/** The packager's context for one platform section (`linux`, `mac`, `win`) of `config`. */
function packagerInfo(projectDir: string, config: Configuration): PackagerInfo {
  return {
    projectDir,
    buildResourcesDir: config.directories?.buildResources ?? 'build',
    isPrepackedAppAsar: false,
    config,
    debugLogger: new DebugLogger(false),
  };
}

function outputDir(projectDir: string, config: Configuration): string {
  return path.resolve(projectDir, config.directories?.output ?? 'dist');
}

/** Which of the project's own files (path relative to it) the packaged app keeps. */
export function appFileFilter(
  projectDir: string,
  config: Configuration,
  platformOptions: PlatformSpecificBuildOptions,
): (relativePath: string) => boolean {
  const info = packagerInfo(projectDir, config);
  const [matcher] = internalMatchers.getMainFileMatchers(
    projectDir,
    destination,
    noMacros,
    platformOptions,
    { info },
    outputDir(projectDir, config),
    false,
  );
  if (matcher === undefined) throw new Error('electron-builder made no file matcher');
  const filter = matcher.createFilter();
  return (relativePath) => filter(path.join(projectDir, relativePath), plainFileStat());
}

/** Which node_modules files (`node_modules/<package>/...`) the packaged app keeps. */
export function nodeModuleFilter(
  projectDir: string,
  config: Configuration,
  platformOptions: PlatformSpecificBuildOptions,
): Filter {
  const info = packagerInfo(projectDir, config);
  const matcher = internalMatchers.getNodeModuleFileMatcher(
    projectDir,
    destination,
    noMacros,
    platformOptions,
    info,
  );
  // An empty matcher means no filter: the packager keeps every file.
  return matcher.isEmpty() ? () => true : matcher.createFilter();
}

/** Which packaged files (path relative to the app) are unpacked beside the asar archive. */
export function asarUnpackFilter(
  projectDir: string,
  config: Configuration,
  platformOptions: PlatformSpecificBuildOptions,
): (relativePath: string) => boolean {
  const matchers = fileMatchers.getFileMatchers(config, 'asarUnpack', destination, {
    macroExpander: noMacros,
    customBuildOptions: platformOptions,
    globalOutDir: outputDir(projectDir, config),
    defaultSrc: projectDir,
  });
  const filter = matchers?.[0]?.createFilter();
  if (filter === undefined) return () => false;
  // Node modules reach the unpack filter with their path inside the app, as here.
  return (relativePath) =>
    filter(path.join(projectDir, relativePath), {
      ...plainFileStat(),
      moduleFullFilePath: relativePath.startsWith('node_modules/') ? relativePath : undefined,
    });
}

/** The filters only ask whether a path is a directory; the files need not be built yet. */
function plainFileStat(): FilterStats {
  return { isDirectory: () => false } as FilterStats;
}

/**
 * The files of an installed package that the packager keeps under `filter`, walking it the way
 * electron-builder's NodeModuleCopyHelper does: a directory the filter drops is not entered.
 */
export function keptPackageFiles(
  projectDir: string,
  packageDir: string,
  filter: Filter,
): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  const modulePath = path.relative(projectDir, packageDir).split(path.sep).join('/');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const stat: FilterStats = lstatSync(file);
      const relative = `${modulePath}/${path.relative(packageDir, file).split(path.sep).join('/')}`;
      stat.moduleFullFilePath = relative;
      const isDir = stat.isDirectory();
      if (!filter(file, stat)) dropped.push(isDir ? `${relative}/` : relative);
      else if (isDir) walk(file);
      else kept.push(relative);
    }
  };
  walk(packageDir);
  return { kept, dropped };
}

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

const builtins = new Set(builtinModules);
function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtins.has(packageNameOf(specifier));
}

/** How scripts/build-electron.mjs bundles the Node entry points; keep the two in step. */
export const runtimeEntryPoints: Record<string, BuildOptions> = {
  'out/electron/main.js': {
    entryPoints: ['electron/main.ts'],
    packages: 'external',
    external: ['electron'],
  },
  'out/electron/engine-child.js': {
    entryPoints: ['engine/engine-child.ts'],
    external: ['electron', '@duckdb/*'],
  },
  'out/electron/read-worker.js': {
    entryPoints: ['engine/import/read-worker.ts'],
    external: ['electron', '@duckdb/*'],
  },
};

/** Packages a bundled entry point still loads from node_modules (not Node's, not electron). */
export async function externalPackages(
  projectDir: string,
  options: BuildOptions,
): Promise<string[]> {
  const result = await build({
    ...options,
    absWorkingDir: projectDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    outdir: path.join(projectDir, 'out', 'external-scan'),
    logLevel: 'silent',
  });
  const names = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageNameOf(imported.path);
      if (name !== 'electron') names.add(name);
    }
  }
  return [...names].sort();
}

/** Where Node would find package `name` from `fromDir` (walking up the node_modules folders). */
export function findPackageDir(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

interface PackageJson {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

/**
 * Installed packages `names` load, with their production and installed optional dependencies,
 * as electron-builder collects them: directory -> package name.
 */
export function installedClosure(
  projectDir: string,
  names: readonly string[],
): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (fromDir: string, name: string) => {
    const dir = findPackageDir(fromDir, name);
    if (dir === undefined || found.has(dir)) return;
    found.set(dir, name);
    const manifest = JSON.parse(
      readFileSync(path.join(dir, 'package.json'), 'utf8'),
    ) as PackageJson;
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies };
    for (const dep of Object.keys(deps)) visit(dir, dep);
  };
  for (const name of names) visit(projectDir, name);
  return found;
}
