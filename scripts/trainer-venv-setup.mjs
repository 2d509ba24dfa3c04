// Makes the trainer suite's Python virtualenv (trainers/README.md), pinned by
// trainers/requirements.txt, and keeps it between runs and checkouts in the user's cache folder
// (remade when the file's hash changes). A package that cannot be installed fails naming it: the
// suite never passes without the libraries it proves the exports with. Run by
// npm run test:trainers before pytest, and on its own (`node scripts/trainer-venv-setup.mjs`) by
// npm test (scripts/test-all.mjs), which starts it in the background while the static checks run.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { trainerPython, trainerVenv } from './trainer-venv.mjs';

const root = path.resolve(import.meta.dirname, '..');
const requirements = path.join(root, 'trainers', 'requirements.txt');

function fail(message) {
  console.error(`test:trainers: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
}

/** The package pip could not find, from its own words. */
function missingPackage(output) {
  const match =
    /No matching distribution found for ([^\s]+)/.exec(output) ??
    /Could not find a version that satisfies the requirement ([^\s]+)/.exec(output);
  return match?.[1] ?? null;
}

/** Makes the virtualenv unless it is there for the current requirements; exits on failure. */
export function prepareTrainerVenv() {
  const venv = trainerVenv();
  const python = trainerPython(venv);
  const stamp = path.join(venv, '.requirements-sha256');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  const host = process.env.PYTHON ?? 'python3';
  if (run(host, ['--version']).status !== 0) {
    fail(`no Python found (${host}); install python3 with its venv module`);
  }
  console.log(`test:trainers: creating ${venv} (once per requirements change)`);
  rmSync(venv, { recursive: true, force: true });
  const created = run(host, ['-m', 'venv', venv]);
  if (created.status !== 0) fail(`cannot create a virtualenv: ${created.stderr.trim()}`);
  // No retries: an index that is not reachable here says so at once instead of backing off.
  const installed = run(python, [
    '-m',
    'pip',
    'install',
    '--retries',
    '0',
    '--disable-pip-version-check',
    '-q',
    '-r',
    requirements,
  ]);
  if (installed.status !== 0) {
    const output = `${installed.stdout}\n${installed.stderr}`;
    const name = missingPackage(output);
    fail(
      name === null
        ? `pip could not install trainers/requirements.txt:\n${output.trim().slice(-3000)}`
        : `the package ${name} (trainers/requirements.txt) is not available from the package index pip is set up to use`,
    );
  }
  writeFileSync(stamp, wanted);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) prepareTrainerVenv();
