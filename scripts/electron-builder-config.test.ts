// Packaging cannot run here (it downloads Electron from GitHub), so this checks
// build/electron-builder.yml with electron-builder's own loader, schema and file matchers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appFileFilter,
  asarUnpackFilter,
  externalPackages,
  installedClosure,
  keptPackageFiles,
  loadBuilderConfig,
  nodeModuleFilter,
  runtimeEntryPoints,
  targetNames,
  validateBuilderConfig,
  type Configuration,
  type PlatformSpecificBuildOptions,
} from './electron-builder-config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = 'build/electron-builder.yml';
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  homepage?: string;
  author?: { name?: string; email?: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let config: Configuration;
let platforms: [string, PlatformSpecificBuildOptions][];
/** Per built file, the packages it loads from node_modules when the app runs. */
/** The worker threads' scripts: started from the unpacked folder, so unpacked. */
const WORKERS = ['out/electron/engine-child.js', 'out/electron/read-worker.js'];
const externals = new Map<string, string[]>();

beforeAll(async () => {
  config = await loadBuilderConfig(root, configFile);
  platforms = [
    ['linux', config.linux ?? {}],
    ['mac', config.mac ?? {}],
    ['win', config.win ?? {}],
  ];
  for (const [file, options] of Object.entries(runtimeEntryPoints)) {
    externals.set(file, await externalPackages(root, options));
  }
});

describe('electron-builder configuration', () => {
  it('passes electron-builder validation against its scheme.json', async () => {
    await expect(validateBuilderConfig(config)).resolves.toBeUndefined();
  });

  it('fails validation when broken, so the check above can fail', async () => {
    const broken = (patch: Record<string, unknown>) =>
      // A deep copy: the validator coerces values in place.
      validateBuilderConfig({ ...structuredClone(config), ...patch } as Configuration);
    await expect(broken({ asarUnpak: ['**/*.node'] })).rejects.toThrow(
      /unknown property 'asarUnpak'/,
    );
    await expect(broken({ nsis: { oneClick: 'sometimes' } })).rejects.toThrow(
      /nsis\.oneClick should be a boolean/,
    );
    await expect(broken({ asar: 'sometimes' })).rejects.toThrow(/configuration\.asar /);
    await expect(broken({ directories: { output: ['release'] } })).rejects.toThrow(
      /configuration\.directories\.output /,
    );
  });

  it('builds AppImage and deb on Linux, dmg on macOS and an NSIS installer on Windows', () => {
    expect(targetNames(config.linux?.target)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(targetNames(config.mac?.target)).toContain('dmg');
    expect(targetNames(config.win?.target)).toContain('nsis');
  });

  it('has the metadata a deb package cannot be built without (homepage, maintainer email)', () => {
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('packs the app into an asar archive', () => {
    expect(config.asar).not.toBe(false);
    expect(config.asar).not.toBeNull();
  });

  it('keeps the main entry, preload, workers and renderer in the app', () => {
    const files = [manifest.main, 'out/electron/preload.cjs', ...WORKERS];
    files.push('out/renderer/index.html', 'package.json');
    for (const [platform, options] of platforms) {
      const keeps = appFileFilter(root, config, options);
      for (const file of files) expect(keeps(file), `${platform}: ${file}`).toBe(true);
      expect(keeps(`${manifest.main}.map`), `${platform}: source map`).toBe(false);
    }
  });

  it('unpacks the workers and every file DuckDB loads, native addons included', () => {
    // The worker (DuckDB external) is started from app.asar.unpacked, so DuckDB and everything
    // it requires must be real files there: a worker thread and dlopen cannot read the asar.
    const duckdb = installedClosure(root, externals.get('out/electron/engine-child.js') ?? []);
    expect([...duckdb.values()]).toEqual(
      expect.arrayContaining(['@duckdb/node-api', '@duckdb/node-bindings', 'detect-libc']),
    );
    const bindings = [...duckdb.values()].filter((name) => name.includes('node-bindings-'));
    expect(bindings.length, 'an installed native DuckDB binding').toBeGreaterThan(0);
    // Other platforms' bindings are not installed here: check the names DuckDB lists.
    const optional = JSON.parse(
      readFileSync(path.join(root, 'node_modules/@duckdb/node-bindings/package.json'), 'utf8'),
    ) as { optionalDependencies: Record<string, string> };
    for (const [platform, options] of platforms) {
      const unpacks = asarUnpackFilter(root, config, options);
      for (const worker of WORKERS) expect(unpacks(worker), `${platform}: ${worker}`).toBe(true);
      // Without it beside the worker, Node would have to guess that the .js file is ESM.
      expect(unpacks('package.json'), `${platform}: package.json ("type": "module")`).toBe(true);
      expect(unpacks('out/electron/main.js'), `${platform}: main stays packed`).toBe(false);
      for (const dir of duckdb.keys()) {
        const { kept } = keptPackageFiles(root, dir, () => true);
        for (const file of kept) expect(unpacks(file), `${platform}: ${file}`).toBe(true);
      }
      for (const name of Object.keys(optional.optionalDependencies)) {
        const addon = `node_modules/${name}/duckdb.node`;
        expect(unpacks(addon), `${platform}: ${addon}`).toBe(true);
      }
    }
  });

  it('ships every package main and the worker load at run time as a production dependency', () => {
    const loaded = new Set([...externals.values()].flat());
    expect(loaded).toContain('@duckdb/node-api');
    for (const name of loaded) {
      expect(Object.keys(manifest.dependencies), `${name} in dependencies`).toContain(name);
      expect(Object.keys(manifest.devDependencies), `${name} not a devDependency`).not.toContain(
        name,
      );
    }
    const runtime = installedClosure(root, [...loaded]);
    for (const [platform, options] of platforms) {
      const filter = nodeModuleFilter(root, config, options);
      for (const dir of runtime.keys()) {
        const { dropped } = keptPackageFiles(root, dir, filter);
        expect(dropped, `${platform}: files of ${path.relative(root, dir)}`).toEqual([]);
      }
    }
  });

  it('leaves out the dependencies esbuild and vite already bundled', () => {
    // Every production dependency that nothing loads at run time (React, MUI, Monaco, ECharts,
    // tsx for the CLI, ... and theirs) is dead weight in the installer.
    const runtime = installedClosure(root, [...new Set([...externals.values()].flat())]);
    const all = installedClosure(root, Object.keys(manifest.dependencies));
    const unused = [...all.keys()].filter((dir) => !runtime.has(dir));
    expect(unused.map((dir) => all.get(dir))).toEqual(
      expect.arrayContaining(['monaco-editor', 'echarts', 'react', '@mui/material']),
    );
    for (const [platform, options] of platforms) {
      const filter = nodeModuleFilter(root, config, options);
      for (const dir of unused) {
        const { kept } = keptPackageFiles(root, dir, filter);
        expect(kept, `${platform}: files of ${path.relative(root, dir)}`).toEqual([]);
      }
    }
  });
});
