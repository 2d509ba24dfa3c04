// Shared by the CLI tests: the `turnwise` command run in the test's process through main() (the
// few tests that need a real process use turnwise-process-test-support.ts), a temporary workspace
// per test file, and the checks every --json test repeats.
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { importDataset } from '../engine/testing/dispatch-test-support';
import { openEngine } from '../engine/engine';
import type { Engine } from '../engine/core/engine-types';
import { tempDir, writeJsonl } from '../engine/testing/test-support';
import { main } from './main';
import type { CliStreams } from './output';
import type { CliRun } from './turnwise-process-test-support';

// Runs in this process take turns: each sets process.env for its own length (and a command may
// add to it: --endpoint lists its host in TURNWISE_KEY_HOSTS), which overlapping runs would mix.
let lastRun: Promise<unknown> = Promise.resolve();

/**
 * `turnwise args` run in this process through main(), as bin/turnwise.js runs it: the exit code
 * and what the command wrote, without a process's start. `env` is added to process.env for the
 * run, and process.env is put back after it. What ends a process (an unstoppable query's kill, a
 * reader closing the pipe) and what only a process shows (its exit) need turnwiseProcess.
 */
export function turnwiseWithEnv(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  const run = lastRun.then(() => runMain(args, env));
  lastRun = run.catch(() => undefined);
  return run;
}

async function runMain(args: string[], env: Record<string, string>): Promise<CliRun> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  const streams: CliStreams = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stderrIsTTY: false,
  };
  try {
    const code = await main(args, streams);
    return { code, stdout, stderr };
  } finally {
    for (const name of Object.keys(process.env)) {
      if (!(name in saved)) Reflect.deleteProperty(process.env, name);
    }
    Object.assign(process.env, saved);
  }
}

/** `turnwise args` run in this process (turnwiseWithEnv). */
export function turnwise(...args: string[]): Promise<CliRun> {
  return turnwiseWithEnv({}, ...args);
}

/** A temporary directory with a workspace path in it, removed after the test file. */
export function cliWorkspace(): { dir: string; db: string } {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  return { dir: tmp.dir, db: path.join(tmp.dir, 'ws.duckdb') };
}

/**
 * Imports `records` as dataset `runs` through the engine in this process; `more` adds to the
 * workspace before the engine closes (so that the command can open it).
 */
export async function importRuns(
  workspace: { dir: string; db: string },
  records: Record<string, unknown>[],
  more?: (engine: Engine) => Promise<void>,
): Promise<void> {
  const file = writeJsonl(path.join(workspace.dir, 'runs.jsonl'), records);
  const engine = await openEngine({ dbPath: workspace.db });
  try {
    await importDataset(engine, file, 'runs');
    await more?.(engine);
  } finally {
    await engine.close();
  }
}

/** Imports the demo rollouts (192 trajectories) as dataset `demo`. */
export async function importDemo(db: string): Promise<void> {
  const run = await turnwise('import', 'datasets/demo/demo.jsonl', '--db', db, '--dataset', 'demo');
  expect(run.code).toBe(0);
}

/** The rows of a read-only SQL query, through `turnwise sql --json`. */
export async function sqlRows(db: string, text: string): Promise<Record<string, unknown>[]> {
  return JSON.parse((await turnwise('sql', '--db', db, text, '--json')).stdout).rows;
}

/** The --json contract: exit 0, nothing on stderr, exactly one JSON object on stdout. */
export function onlyJson(run: CliRun): ReturnType<typeof JSON.parse> {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '');
}
