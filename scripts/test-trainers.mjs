// `npm run test:trainers`: the exports loaded and trained by the real trainer libraries
// (trainers/README.md). Makes the Python virtualenv the suite needs when it is not there yet
// (scripts/trainer-venv-setup.mjs), then runs ruff and pytest on trainers/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { trainerPython } from './trainer-venv.mjs';
import { prepareTrainerVenv } from './trainer-venv-setup.mjs';

const root = path.resolve(import.meta.dirname, '..');

function fail(message) {
  console.error(`test:trainers: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
}

prepareTrainerVenv();
const python = trainerPython();
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
