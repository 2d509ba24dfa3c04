// `npm start`: build, refresh the demo workspace and open it in Electron. Where the Electron
// binary is absent (electron 45 downloads it lazily from GitHub), say so and run browser mode
// (`npm run web`) instead, so a newcomer still gets the app. Detection never downloads.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMissingBinary, locateElectronBinary } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited stdio, forwarding Ctrl-C; resolves with its exit code. */
function run(command, args, { captureStdout = false, env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['inherit', captureStdout ? 'pipe' : 'inherit', 'inherit'],
      // npm is a .cmd shim on Windows, which only a shell can start.
      shell: process.platform === 'win32' && command === 'npm',
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      process.stdout.write(chunk);
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('error', reject);
    child.on('close', (code) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      resolve({ code: code ?? 1, stdout });
    });
  });
}

/** npm itself: the one that runs this script when there is one, else from PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli !== undefined && /\.[cm]?js$/.test(npmCli)
    ? run(process.execPath, [npmCli, ...args])
    : run('npm', args);
}

async function runOrExit(label, promise) {
  const { code, stdout } = await promise;
  if (code !== 0) {
    console.error(`Turnwise: ${label} failed (exit ${code}).`);
    process.exit(code);
  }
  return stdout;
}

async function main() {
  const binary = locateElectronBinary({ packageDir: path.join(root, 'node_modules', 'electron') });
  if (!binary.found) {
    console.log(describeMissingBinary(binary));
    const { code } = await npm(['run', 'web']);
    process.exit(code);
  }
  if (binary.installedVersion !== null && binary.installedVersion !== binary.packageVersion) {
    console.warn(
      `Turnwise: the Electron binary is ${binary.installedVersion} but the package is ` +
        `${binary.packageVersion}; continuing (reinstall electron to match).`,
    );
  }

  await runOrExit('npm run build', npm(['run', 'build']));

  // The same tsx that `npx tsx` would find, without asking npx to resolve it.
  const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
  const demoOut = await runOrExit(
    'creating the demo workspace',
    run(process.execPath, [tsxCli, 'scripts/demo-workspace.ts'], { captureStdout: true }),
  );
  const workspace = demoOut.trim().split(/\r?\n/).pop()?.trim();
  if (!workspace) {
    console.error('Turnwise: scripts/demo-workspace.ts printed no workspace path.');
    process.exit(1);
  }

  // An inherited ELECTRON_RUN_AS_NODE would turn the app into a plain Node process.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // The app directory, not main.js: Electron then takes name, version and "main" (which is
  // out/electron/main.js) from package.json, so userData and About are right.
  const { code } = await run(binary.path, [root, '--workspace', workspace], { env });
  process.exit(code);
}

main().catch((error) => {
  console.error('Turnwise: npm start failed:', error);
  process.exit(1);
});
