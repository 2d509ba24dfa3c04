// `turnwise compare`: two runs imported as datasets, compared through the real command, every
// number checked against a value worked out by hand (docs/compare.md).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunComparison } from '../shared/api-compare';
import { importDataset } from '../engine/testing/dispatch-test-support';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, importRuns, onlyJson, turnwise } from './cli-test-support';

const workspace = cliWorkspace();
const { db } = workspace;

// Run A fails T1-T6 and gets T7 half right (1 of 2 rollouts); T5x is A's alone. Run B solves
// T1-T7 (T7 twice) and has T8 alone.
const outcome = (run: string, task: string, i: number, success: boolean) =>
  turnwiseRecord({ id: `${run}-${task}-${i}`, task, success, reward: success ? 1 : 0 });
const tasks = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'];
const runA = [
  ...tasks.map((task) => outcome('a', task, 0, false)),
  outcome('a', 'T7', 0, true),
  outcome('a', 'T7', 1, false),
  outcome('a', 'T5x', 0, true),
];
const runB = [
  ...tasks.map((task) => outcome('b', task, 0, true)),
  outcome('b', 'T7', 0, true),
  outcome('b', 'T7', 1, true),
  outcome('b', 'T8', 0, false),
];

beforeAll(async () => {
  await importRuns(workspace, runA, async (engine) => {
    await importDataset(engine, writeJsonl(path.join(workspace.dir, 'b.jsonl'), runB), 'ckpt');
  });
}, 120_000);

const steps = { mean_actions: 2, tool_error_rate: 0, mean_progress: null };

describe('turnwise compare', { timeout: 120_000 }, () => {
  it('prints the comparison of two runs as one JSON object', async () => {
    const result = onlyJson(
      await turnwise('compare', '--db', db, '--runs', 'runs,ckpt', '--json'),
    ) as RunComparison;
    expect(result).toMatchObject({
      runs: ['runs', 'ckpt'],
      shared_tasks: 7,
      only_in: { runs: 1, ckpt: 1 },
      // T1-T6 flip from failure to success; T7 succeeds in both (1 of 2 is a success).
      fixed: 6,
      broken: 0,
      unchanged: 1,
    });
    expect(result.only_in_tasks).toEqual({ runs: ['T5x'], ckpt: ['T8'] });
    // T7 is right in both (1 of 2 counts); nothing is wrong in both.
    expect(result.agreement).toEqual({ both_right: 1, both_wrong: 0, fixed: 6, broken: 0 });
    // k = 1 (T1-T6 have one rollout): pass@1 is the success rate.
    expect(result.pass_at_k).toEqual({ k: 1, a: expect.closeTo(0.5 / 7, 12), b: 1 });
    // Rates per task: A 0 x6 and 0.5; B 1 x7.
    expect(result.success_a).toBeCloseTo(0.5 / 7, 12);
    expect(result.success_b).toBe(1);
    expect(result.difference).toBeCloseTo(6.5 / 7, 12);
    // McNemar: 6 fixed, 0 broken: 2 * (1/2)^6.
    expect(result.mcnemar_p).toBeCloseTo(2 / 64, 12);
    // Sign flips of [1 x6, 0.5] (sum 6.5): only all-plus and all-minus reach it: 2 / 2^7.
    expect(result.paired_p).toBeCloseTo(2 / 128, 12);
    // Every resample of these differences has a mean between 0.5 and 1.
    expect(result.ci95?.[0]).toBeGreaterThanOrEqual(0.5);
    expect(result.ci95?.[1]).toBeLessThanOrEqual(1);
    expect(result.tasks.find((t) => t.task_id === 'T7')).toEqual({
      task_id: 'T7',
      // Two actions and two tool results a rollout (turnwiseRecord), none an error, unscored.
      a: { ...steps, n: 2, successes: 1, mean_reward: 0.5 },
      b: { ...steps, n: 2, successes: 2, mean_reward: 1 },
      status: 'unchanged',
      trained: null,
    });

    const text = await turnwise('compare', '--db', db, '--runs', 'runs,ckpt');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^runs -> ckpt: 7 shared tasks \(1 only in runs, 1 only in ckpt\)\./,
    );
    expect(text.stdout).toMatch(
      /Fixed 6, broken 0, unchanged 1; McNemar p = 0\.0313, paired p = 0\.0156\./,
    );
    expect(text.stdout).toContain('pass@1 7.1% -> 100.0%; both right 1, both wrong 0.');
  });

  it('refuses a missing run and a malformed --runs', async () => {
    const missing = await turnwise('compare', '--db', db, '--runs', 'runs,nope');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope/);
    const malformed = await turnwise('compare', '--db', db, '--runs', 'runs');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toBe('turnwise: usage: --runs takes two or more dataset ids, A,B\n');
  });

  it('compares each run with the one before it, through a filter', async () => {
    const result = await turnwise(
      'compare',
      '--db',
      db,
      '--runs',
      'runs,ckpt,runs',
      '--filter',
      'tasks=T1,T7',
      '--json',
    );
    const [forward, back] = onlyJson(result) as RunComparison[];
    // T1 fixed and T7 unchanged one way; T1 broken the other.
    expect(forward).toMatchObject({ runs: ['runs', 'ckpt'], shared_tasks: 2, fixed: 1 });
    expect(back).toMatchObject({ runs: ['ckpt', 'runs'], shared_tasks: 2, broken: 1 });
  });

  it('states the difference on one shared task, without an interval', async () => {
    const text = await turnwise(
      'compare',
      '--db',
      db,
      '--runs',
      'runs,ckpt',
      '--filter',
      'tasks=T1',
    );
    expect(text.code).toBe(0);
    // T1: 0 of 1, then 1 of 1.
    expect(text.stdout).toContain(
      'Success 0.0% in runs, 100.0% in ckpt: +100.0% (no interval from one task).',
    );
  });
});
