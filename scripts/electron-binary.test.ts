import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeMissingBinary,
  electronExecutableName,
  locateElectronBinary,
  type ElectronBinary,
} from './electron-binary.mjs';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-electron-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A fake node_modules/electron. Its index.js would record being loaded: detection must not load it. */
function fakePackage(options: { pathTxt?: string; binary?: string; version?: string } = {}) {
  const pkg = path.join(dir, 'electron');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: 'electron', version: '45.5.0' }),
  );
  writeFileSync(
    path.join(pkg, 'index.js'),
    `require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'LOADED'))}, 'x');`,
  );
  if (options.pathTxt !== undefined) writeFileSync(path.join(pkg, 'path.txt'), options.pathTxt);
  if (options.binary !== undefined) {
    const file = path.join(pkg, 'dist', options.binary);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
  }
  if (options.version !== undefined)
    writeFileSync(path.join(pkg, 'dist', 'version'), options.version);
  return pkg;
}

function missing(result: ElectronBinary) {
  if (result.found) throw new Error(`expected no binary, found ${result.path}`);
  return result;
}

describe('locateElectronBinary', () => {
  it('finds the binary that path.txt records under dist/', () => {
    const packageDir = fakePackage({ pathTxt: 'electron', binary: 'electron', version: 'v45.5.0' });
    const result = locateElectronBinary({ packageDir, env: {}, platform: 'linux' });
    expect(result).toEqual({
      found: true,
      path: path.join(packageDir, 'dist', 'electron'),
      packageVersion: '45.5.0',
      installedVersion: '45.5.0',
    });
  });

  it('reports a never-downloaded package (no path.txt), as on this machine', () => {
    const packageDir = fakePackage();
    const result = missing(locateElectronBinary({ packageDir, env: {}, platform: 'linux' }));
    expect(result.reason).toBe('never-downloaded');
    expect(result.expectedPath).toBe(path.join(packageDir, 'dist', 'electron'));
  });

  it('reports a recorded binary that is gone', () => {
    const packageDir = fakePackage({ pathTxt: 'electron' });
    expect(missing(locateElectronBinary({ packageDir, env: {}, platform: 'linux' })).reason).toBe(
      'binary-missing',
    );
  });

  it('reports a missing electron package', () => {
    const packageDir = path.join(dir, 'nope');
    expect(missing(locateElectronBinary({ packageDir, env: {} })).reason).toBe('package-missing');
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like electron/index.js', () => {
    const packageDir = fakePackage();
    const override = path.join(dir, 'custom-dist');
    const env = { ELECTRON_OVERRIDE_DIST_PATH: override };
    expect(missing(locateElectronBinary({ packageDir, env, platform: 'linux' })).reason).toBe(
      'override-missing',
    );
    mkdirSync(override);
    writeFileSync(path.join(override, 'electron'), '');
    chmodSync(path.join(override, 'electron'), 0o755);
    const found = locateElectronBinary({ packageDir, env, platform: 'linux' });
    expect(found.found && found.path).toBe(path.join(override, 'electron'));
  });

  it('never loads the package (loading it is what starts the download)', () => {
    locateElectronBinary({ packageDir: fakePackage(), env: {}, platform: 'linux' });
    expect(existsSync(path.join(dir, 'LOADED'))).toBe(false);
  });

  it('knows the executable name per platform', () => {
    expect(electronExecutableName('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
    expect(electronExecutableName('win32')).toBe('electron.exe');
    expect(electronExecutableName('linux')).toBe('electron');
    expect(electronExecutableName('aix')).toBeNull();
  });
});

describe('describeMissingBinary', () => {
  it('says the binary is not installed, why, and names npm run web', () => {
    const packageDir = fakePackage();
    const message = describeMissingBinary(
      missing(locateElectronBinary({ packageDir, env: {}, platform: 'linux' })),
    );
    expect(message).toContain('Electron binary is not installed');
    expect(message).toContain('GitHub');
    expect(message).toContain('npm run web');
  });
});
