import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_EASE_SHIFT,
  CHECKPOINT_HELD_OUT_FAMILIES,
  CHECKPOINT_MODEL,
  CHECKPOINT_NAME,
  CHECKPOINT_TRAINED_FAMILIES,
  checkpointEaseShift,
} from './checkpoint';
import { DEFAULT_MODEL } from './episode';
import { checkRecord } from './record-check';
import type { TaskFamily, TurnwiseRecord } from './record-types';
import { DEFAULT_ROLLOUT_OPTIONS, generateRollouts } from './rollouts';

const COMMITTED = new URL('../../datasets/demo/checkpoint.jsonl', import.meta.url);
const FAMILIES: readonly TaskFamily[] = ['repair', 'config', 'investigate'];

// One generation of each run for the whole file: 2 x 192 rollouts take a few seconds.
let base: TurnwiseRecord[] = [];
let checkpoint: TurnwiseRecord[] = [];

beforeAll(() => {
  base = [...generateRollouts()];
  checkpoint = [...generateRollouts({ checkpoint: true })];
});

function successRate(records: readonly TurnwiseRecord[]): number {
  return records.filter((r) => r.success).length / records.length;
}

/** Per task: is the group's success rate at least 0.5? */
function passingTasks(records: readonly TurnwiseRecord[]): Map<string, boolean> {
  const counts = new Map<string, { n: number; successes: number }>();
  for (const r of records) {
    const entry = counts.get(r.task_id) ?? { n: 0, successes: 0 };
    entry.n += 1;
    if (r.success) entry.successes += 1;
    counts.set(r.task_id, entry);
  }
  return new Map([...counts].map(([id, { n, successes }]) => [id, successes / n >= 0.5]));
}

function ofFamily(records: readonly TurnwiseRecord[], family: TaskFamily): TurnwiseRecord[] {
  return records.filter((r) => r.metadata.family === family);
}

describe('checkpoint run', () => {
  it('matches the committed datasets/demo/checkpoint.jsonl', () => {
    const generated = checkpoint.map((record) => `${JSON.stringify(record)}\n`).join('');
    const sha = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');
    expect(sha(readFileSync(COMMITTED))).toBe(sha(generated));
  });

  it('names the checkpoint and splits every family into trained or held out', () => {
    expect(CHECKPOINT_MODEL).toBe(`${DEFAULT_MODEL}-${CHECKPOINT_NAME}`);
    expect([...CHECKPOINT_TRAINED_FAMILIES].sort()).toEqual(['config', 'repair']);
    expect(CHECKPOINT_HELD_OUT_FAMILIES).toEqual(['investigate']);
    expect(CHECKPOINT_EASE_SHIFT.trained).toBeGreaterThan(0);
    expect(CHECKPOINT_EASE_SHIFT.heldOut).toBeLessThan(0);
  });

  it('runs the same tasks with the same ids, prompts and grading', () => {
    expect(checkpoint).toHaveLength(base.length);
    checkpoint.forEach((record, i) => {
      const twin = base[i] as TurnwiseRecord;
      expect(record.trajectory_id).toBe(twin.trajectory_id);
      expect(record.task_id).toBe(twin.task_id);
      expect(record.group_id).toBe(twin.group_id);
      expect(record.sample_index).toBe(twin.sample_index);
      expect(record.messages.slice(0, 2)).toEqual(twin.messages.slice(0, 2));
      expect(record.tools).toEqual(twin.tools);
      expect(record.metadata.ground_truth).toEqual(twin.metadata.ground_truth);
    });
  });

  it('samples its own rollouts rather than copying the base run', () => {
    const copies = checkpoint.filter(
      (record, i) => JSON.stringify(record.messages) === JSON.stringify(base[i]?.messages),
    );
    expect(copies.length).toBeLessThan(checkpoint.length / 10);
  });

  it('tags every record with the checkpoint metadata, after the base fields', () => {
    for (const record of checkpoint) {
      const { metadata } = record;
      expect(record.model).toBe(CHECKPOINT_MODEL);
      expect(metadata.run).toBe('checkpoint');
      expect(metadata.checkpoint).toBe(CHECKPOINT_NAME);
      expect(metadata.trained_families).toEqual(['repair', 'config']);
      expect(metadata.ease_shift).toBe(checkpointEaseShift(metadata.family));
      expect(Object.keys(metadata).slice(-5)).toEqual([
        'ground_truth',
        'run',
        'checkpoint',
        'trained_families',
        'ease_shift',
      ]);
    }
    const problems = checkpoint.flatMap((r) => checkRecord(r, DEFAULT_ROLLOUT_OPTIONS.rollouts));
    expect(problems).toEqual([]);
  });

  it('leaves the base run untagged', () => {
    for (const record of base) {
      expect(record.model).toBe(DEFAULT_MODEL);
      expect(Object.keys(record.metadata).at(-1)).toBe('ground_truth');
    }
  });

  it('does better on trained families and not better on held-out ones', () => {
    for (const family of FAMILIES) {
      const before = successRate(ofFamily(base, family));
      const after = successRate(ofFamily(checkpoint, family));
      if (CHECKPOINT_TRAINED_FAMILIES.includes(family))
        expect(after, family).toBeGreaterThan(before);
      else expect(after, family).toBeLessThanOrEqual(before);
    }
  });

  it('fixes several trained tasks at the 0.5 threshold, but not all, and none held out', () => {
    const before = passingTasks(base);
    const after = passingTasks(checkpoint);
    const trainedIds = new Set(
      base
        .filter((r) => CHECKPOINT_TRAINED_FAMILIES.includes(r.metadata.family))
        .map((r) => r.task_id),
    );
    const failingTrained = [...trainedIds].filter((id) => before.get(id) === false);
    const fixed = [...before.keys()].filter((id) => !before.get(id) && after.get(id));
    const broken = [...before.keys()].filter((id) => before.get(id) && !after.get(id));
    expect(fixed.length).toBeGreaterThanOrEqual(2);
    expect(fixed.every((id) => trainedIds.has(id))).toBe(true);
    expect(fixed.length).toBeLessThan(failingTrained.length);
    expect(broken.every((id) => !trainedIds.has(id))).toBe(true);
  });
});
