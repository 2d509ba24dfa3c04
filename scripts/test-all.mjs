// `npm test`: every check, in this order, stopping at the first that fails. The trainer suite's
// virtualenv (pip installing CPU torch, TRL and the rest: minutes on a fresh machine) is made in
// the background from the start, while the static checks and vitest run, its output kept and
// shown if it fails; test:trainers then finds it ready. A failure on either side fails the run.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  'typecheck',
  'lint',
  'security',
  'test:unit',
  'test:trainers',
  'build:renderer',
  'test:e2e',
];
/** The step that needs the virtualenv: the preparation is waited for before it. */
const venvStep = 'test:trainers';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** `npm run <step>` with the terminal's output; resolves to its exit code. */
function runStep(step) {
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, 'run', step]] : ['npm', ['run', step]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`test: cannot run ${step}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts the virtualenv's preparation in its own process group, its output kept. */
function prepareVenv() {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'trainer-venv-setup.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output, took: seconds(started) }),
    );
  });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { done, stop };
}

const started = Date.now();
const venv = prepareVenv();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    venv.stop();
    process.exit(1);
  });
}

/** The preparation's result once it has ended: a failure stops the run after the current step. */
let prepared = null;
venv.done.then((result) => (prepared = result));

let failed = null;
for (const step of steps) {
  if (step === venvStep || (prepared !== null && prepared.code !== 0)) {
    const { code, output, took } = await venv.done;
    if (code !== 0) {
      process.stdout.write(output);
      console.error(`test: preparing the trainer virtualenv failed (exit ${code}, see above)`);
      failed = 'the trainer virtualenv';
      break;
    }
    if (step === venvStep) {
      console.log(`test: trainer virtualenv ready (prepared in the background in ${took})`);
      if (output.trim()) process.stdout.write(output);
    }
  }
  const stepStarted = Date.now();
  const code = await runStep(step);
  console.log(
    `test: ${step} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(stepStarted)}`,
  );
  if (code !== 0) {
    failed = step;
    break;
  }
}
venv.stop();
if (failed !== null) {
  console.error(`test: ${failed} failed; ${seconds(started)} in all`);
  process.exit(1);
}
console.log(`test: all passed in ${seconds(started)}`);
