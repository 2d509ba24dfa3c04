// Finds the Electron executable without ever triggering electron's lazy download.
//
// How electron 45 locates its binary (node_modules/electron): `require('electron')` runs
// index.js, which reads path.txt (the executable's path inside dist/, written by install.js
// after a download) and, if path.txt or dist/<path> is missing, synchronously spawns install.js,
// which downloads the zip from GitHub. ELECTRON_OVERRIDE_DIST_PATH replaces dist/. So requiring
// the package (or running its cli.js) is itself the download attempt; here we only read files.
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The executable's path inside dist/, as install.js writes it for each platform. */
export function electronExecutableName(platform) {
  switch (platform) {
    case 'mas':
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'freebsd':
    case 'openbsd':
    case 'linux':
      return 'electron';
    case 'win32':
      return 'electron.exe';
    default:
      return null;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isRunnable(file, platform) {
  try {
    if (!statSync(file).isFile()) return false;
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Locates the Electron binary of an installed electron package by reading files only.
 * @param {{ packageDir: string, env?: Record<string, string | undefined>, platform?: string }} options
 */
export function locateElectronBinary({
  packageDir,
  env = process.env,
  platform = process.platform,
}) {
  const packageJson = readText(path.join(packageDir, 'package.json'));
  if (packageJson === null) {
    return { found: false, reason: 'package-missing', packageDir, expectedPath: null };
  }
  let packageVersion = null;
  try {
    packageVersion = JSON.parse(packageJson).version ?? null;
  } catch {
    return { found: false, reason: 'package-missing', packageDir, expectedPath: null };
  }
  const recorded = readText(path.join(packageDir, 'path.txt'))?.trim() || null;
  const executable = recorded ?? electronExecutableName(platform);
  const overrideDir = env.ELECTRON_OVERRIDE_DIST_PATH || null;
  if (executable === null) {
    return { found: false, reason: 'unsupported-platform', packageDir, packageVersion, platform };
  }
  const distDir = overrideDir ?? path.join(packageDir, 'dist');
  const expectedPath = path.join(distDir, executable);
  if (overrideDir === null && recorded === null) {
    // index.js would download right now: the binary has never been fetched.
    return { found: false, reason: 'never-downloaded', packageDir, packageVersion, expectedPath };
  }
  if (!isRunnable(expectedPath, platform)) {
    const reason = overrideDir === null ? 'binary-missing' : 'override-missing';
    return { found: false, reason, packageDir, packageVersion, expectedPath };
  }
  const installedVersion =
    readText(path.join(distDir, 'version'))?.trim().replace(/^v/, '') || null;
  return { found: true, path: expectedPath, packageVersion, installedVersion };
}

const REASONS = {
  'package-missing': (r) =>
    `the electron package is not installed (${r.packageDir}); run npm install`,
  'never-downloaded': (r) =>
    `electron ${r.packageVersion} installs without its binary and fetches it from GitHub on ` +
    `first use, which has not happened here (node_modules/electron/path.txt is absent)`,
  'binary-missing': (r) =>
    `the Electron binary recorded by the electron package is missing (${r.expectedPath})`,
  'override-missing': (r) =>
    `ELECTRON_OVERRIDE_DIST_PATH points at ${r.expectedPath}, which is not an executable`,
  'unsupported-platform': (r) => `Electron has no builds for the platform '${r.platform}'`,
};

/** A newcomer-friendly explanation of why Electron cannot start, naming the alternative. */
export function describeMissingBinary(result) {
  const why = REASONS[result.reason]?.(result) ?? result.reason;
  return [
    'Turnwise: the Electron binary is not installed on this machine, so the desktop window cannot open.',
    `  Why: ${why}.`,
    '  To install it where GitHub is reachable: npx install-electron',
    '  Meanwhile `npm run web` opens the same app in your browser; starting it now.',
  ].join('\n');
}
