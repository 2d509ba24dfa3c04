// `npm run test:trainers`: the exports loaded and trained by the real trainer libraries
// (trainers/README.md). Makes the Python virtualenv the suite needs, pinned by
// trainers/requirements.txt, and keeps it between runs and checkouts in the user's cache folder
// (remade when the file's hash changes), then runs pytest on trainers/. A package that cannot be installed fails the run naming it: the suite
// never passes without the libraries it proves the exports with.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { trainerPython, trainerVenv } from './trainer-venv.mjs';

const root = path.resolve(import.meta.dirname, '..');
const requirements = path.join(root, 'trainers', 'requirements.txt');
const venv = trainerVenv();
const python = trainerPython(venv);
const stamp = path.join(venv, '.requirements-sha256');

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

function ensureVenv() {
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

ensureVenv();
// The suite's own Python is kept as clean as the TypeScript: formatted and linted first.
for (const args of [
  ['format', '--check', 'trainers'],
  ['check', 'trainers'],
]) {
  const ruff = run(python, ['-m', 'ruff', ...args], { stdio: 'inherit' });
  if (ruff.status !== 0) fail(`ruff ${args.join(' ')} found problems (see above)`);
}
const tests = run(
  python,
  ['-m', 'pytest', 'trainers', '-q', '-p', 'no:cacheprovider', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
);
// pytest's 5 is "no tests ran", which must not pass either.
process.exit(tests.status === 0 ? 0 : (tests.status ?? 1) || 1);
