// The demo dataset as a stream: tasks x rollouts records, generated lazily one at a time so that a
// benchmark can write files of any size without holding them in memory.

import { DEFAULT_MODEL, runEpisode } from './episode';
import type { TurnwiseRecord } from './record-types';
import { buildTask } from './task-factory';

export interface RolloutOptions {
  /** Number of tasks (GRPO groups). */
  tasks: number;
  /** Rollouts per task (group size); sample_index runs 0..rollouts-1. */
  rollouts: number;
  seed: number;
  model: string;
}

export const DEFAULT_ROLLOUT_OPTIONS: Readonly<RolloutOptions> = {
  tasks: 24,
  rollouts: 8,
  seed: 3,
  model: DEFAULT_MODEL,
};

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** Yields every rollout of every task, task by task. Same options, same records. */
export function* generateRollouts(
  options: Partial<RolloutOptions> = {},
): Generator<TurnwiseRecord> {
  const { tasks, rollouts, seed, model } = { ...DEFAULT_ROLLOUT_OPTIONS, ...options };
  checkCount('tasks', tasks);
  checkCount('rollouts', rollouts);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  for (let index = 0; index < tasks; index += 1) {
    const task = buildTask(index, seed);
    for (let sample = 0; sample < rollouts; sample += 1)
      yield runEpisode(task, sample, { seed, model });
  }
}
