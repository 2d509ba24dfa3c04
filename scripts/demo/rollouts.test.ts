import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { meanLogprobGap } from './logprobs';
import { checkRecord } from './record-check';
import type { AssistantMessage, StepRole, TurnwiseRecord } from './record-types';
import { DEFAULT_ROLLOUT_OPTIONS, generateRollouts } from './rollouts';

const COMMITTED = new URL('../../datasets/demo/demo.jsonl', import.meta.url);

let records: TurnwiseRecord[] = [];
let groups = new Map<string, TurnwiseRecord[]>();

beforeAll(() => {
  records = [...generateRollouts()];
  groups = new Map();
  for (const record of records)
    groups.set(record.group_id, [...(groups.get(record.group_id) ?? []), record]);
});

function stepGaps(record: TurnwiseRecord): { role: StepRole; gap: number }[] {
  return record.metadata.action_turns.map((turn, k) => ({
    role: record.metadata.step_roles[k] as StepRole,
    gap: meanLogprobGap(record.messages[turn] as AssistantMessage),
  }));
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Probability that a random success outscores a random failure. */
function auroc(successes: number[], failures: number[]): number {
  let wins = 0;
  for (const s of successes) for (const f of failures) wins += s > f ? 1 : s === f ? 0.5 : 0;
  return wins / (successes.length * failures.length);
}

describe('generateRollouts determinism', () => {
  it('produces byte-identical output for the same options', () => {
    const a = [...generateRollouts({ tasks: 6, rollouts: 3, seed: 11 })].map((r) =>
      JSON.stringify(r),
    );
    const b = [...generateRollouts({ tasks: 6, rollouts: 3, seed: 11 })].map((r) =>
      JSON.stringify(r),
    );
    expect(a).toEqual(b);
    const c = [...generateRollouts({ tasks: 6, rollouts: 3, seed: 12 })].map((r) =>
      JSON.stringify(r),
    );
    expect(c).not.toEqual(a);
  });

  it('keeps earlier tasks unchanged when more tasks are requested', () => {
    const small = [...generateRollouts({ tasks: 3, rollouts: 2 })].map((r) => JSON.stringify(r));
    const large = [...generateRollouts({ tasks: 5, rollouts: 2 })].map((r) => JSON.stringify(r));
    expect(large.slice(0, small.length)).toEqual(small);
  });

  it('matches the committed datasets/demo/demo.jsonl', () => {
    const generated = records.map((record) => `${JSON.stringify(record)}\n`).join('');
    const sha = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');
    expect(sha(readFileSync(COMMITTED))).toBe(sha(generated));
  });

  it('rejects nonsensical counts', () => {
    expect(() => generateRollouts({ tasks: 0 }).next()).toThrow(RangeError);
    expect(() => generateRollouts({ rollouts: 1.5 }).next()).toThrow(RangeError);
  });
});

describe('default demo dataset', () => {
  it('has tasks x rollouts records in groups of sample_index 0..n-1', () => {
    const { tasks, rollouts } = DEFAULT_ROLLOUT_OPTIONS;
    expect(records).toHaveLength(tasks * rollouts);
    expect(groups.size).toBe(tasks);
    expect(new Set(records.map((r) => r.trajectory_id)).size).toBe(records.length);
    for (const members of groups.values()) {
      expect(members.map((r) => r.sample_index)).toEqual([...Array(rollouts).keys()]);
      expect(new Set(members.map((r) => r.task_id)).size).toBe(1);
    }
  });

  it('contains only valid records', () => {
    const problems = records.flatMap((record) =>
      checkRecord(record, DEFAULT_ROLLOUT_OPTIONS.rollouts),
    );
    expect(problems).toEqual([]);
  });

  it('covers every task family and difficulty', () => {
    expect(new Set(records.map((r) => r.metadata.family))).toEqual(
      new Set(['repair', 'config', 'investigate']),
    );
    expect(new Set(records.map((r) => r.metadata.difficulty))).toEqual(
      new Set(['easy', 'medium', 'hard']),
    );
  });

  it('shares prompts and early turns inside a group, then diverges', () => {
    let sharedFirstAction = 0;
    let sharedTwoActions = 0;
    for (const members of groups.values()) {
      const prompts = new Set(members.map((r) => JSON.stringify(r.messages.slice(0, 2))));
      expect(prompts.size).toBe(1);
      const prefixCounts = (length: number): number[] => {
        const counts = new Map<string, number>();
        for (const r of members) {
          const key = JSON.stringify(r.messages.slice(0, length));
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return [...counts.values()];
      };
      if (Math.max(...prefixCounts(4)) >= 2) sharedFirstAction += 1;
      if (Math.max(...prefixCounts(6)) >= 2) sharedTwoActions += 1;
      expect(new Set(members.map((r) => JSON.stringify(r.messages))).size).toBeGreaterThan(1);
    }
    expect(sharedFirstAction).toBe(groups.size);
    expect(sharedTwoActions).toBeGreaterThanOrEqual(groups.size / 2);
  });

  it('mixes outcomes: some groups all succeed, some all fail, most are mixed', () => {
    const rates = [...groups.values()].map((members) =>
      mean(members.map((r) => (r.success ? 1 : 0))),
    );
    expect(rates.filter((rate) => rate === 1).length).toBeGreaterThanOrEqual(1);
    expect(rates.filter((rate) => rate === 0).length).toBeGreaterThanOrEqual(1);
    expect(rates.filter((rate) => rate > 0 && rate < 1).length).toBeGreaterThan(groups.size / 2);
    const overall = mean(records.map((r) => (r.success ? 1 : 0)));
    expect(overall).toBeGreaterThan(0.35);
    expect(overall).toBeLessThan(0.65);
    expect(records.some((r) => !r.success && r.reward > 0)).toBe(true);
  });

  it('includes the realistic failure modes', () => {
    const modes = new Set(records.map((r) => r.metadata.failure_mode));
    for (const mode of [
      'wrong_edit',
      'repetition_loop',
      'premature_submit',
      'wrong_answer',
      'gave_up',
      'test_tampering',
    ])
      expect(modes).toContain(mode);
    expect(records.some((r) => r.metadata.termination === 'step_budget')).toBe(true);
    expect(records.some((r) => r.success && r.metadata.step_roles.includes('regression'))).toBe(
      true,
    );
  });

  it('attributes most failures to a regression step', () => {
    const failed = records.filter((r) => !r.success);
    const atRegression = failed.filter((r) => {
      const k = r.metadata.action_turns.indexOf(r.metadata.failure_step as number);
      return r.metadata.step_roles[k] === 'regression';
    });
    expect(atRegression.length / failed.length).toBeGreaterThan(0.8);
  });

  it('makes the policy-minus-reference gap a progress signal', () => {
    const byRole = new Map<StepRole, number[]>();
    for (const record of records) {
      for (const { role, gap } of stepGaps(record))
        byRole.set(role, [...(byRole.get(role) ?? []), gap]);
    }
    const roleMean = (role: StepRole): number => mean(byRole.get(role) ?? [Number.NaN]);
    expect(roleMean('decisive_progress')).toBeGreaterThan(roleMean('useful_exploration'));
    expect(roleMean('useful_exploration')).toBeGreaterThan(roleMean('no_progress_infrastructure'));
    expect(roleMean('no_progress_infrastructure')).toBeGreaterThan(roleMean('regression'));
    expect(roleMean('decisive_progress') - roleMean('regression')).toBeGreaterThan(0.2);

    const score = (record: TurnwiseRecord): number =>
      mean(stepGaps(record).map((step) => step.gap));
    const successes = records.filter((r) => r.success).map(score);
    const failures = records.filter((r) => !r.success).map(score);
    expect(mean(successes) - mean(failures)).toBeGreaterThan(0.04);
    expect(auroc(successes, failures)).toBeGreaterThan(0.75);
  });
});
