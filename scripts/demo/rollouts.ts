// The demo dataset as a stream: tasks x rollouts records, generated lazily one at a time so that a
// benchmark can write files of any size without holding them in memory.

import { CHECKPOINT_MODEL, checkpointEpisode } from './checkpoint';
import { DEFAULT_MODEL, runEpisode } from './episode';
import type { TurnwiseRecord } from './record-types';
import { buildTask } from './task-factory';

export interface RolloutOptions {
  /** Number of tasks (GRPO groups). */
  tasks: number;
  /** Rollouts per task (group size); sample_index runs 0..rollouts-1. */
  rollouts: number;
  seed: number;
  /** Defaults to the base model's name, or the checkpoint's when `checkpoint` is set. */
  model: string;
  /** Run checkpoint sft1 instead of the base model on the same tasks (see checkpoint.ts). */
  checkpoint: boolean;
}

export const DEFAULT_ROLLOUT_OPTIONS: Readonly<RolloutOptions> = {
  tasks: 24,
  rollouts: 8,
  seed: 3,
  model: DEFAULT_MODEL,
  checkpoint: false,
};

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** Yields every rollout of every task, task by task. Same options, same records. */
export function* generateRollouts(
  options: Partial<RolloutOptions> = {},
): Generator<TurnwiseRecord> {
  const { tasks, rollouts, seed, checkpoint } = { ...DEFAULT_ROLLOUT_OPTIONS, ...options };
  const model = options.model ?? (checkpoint ? CHECKPOINT_MODEL : DEFAULT_MODEL);
  checkCount('tasks', tasks);
  checkCount('rollouts', rollouts);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  for (let index = 0; index < tasks; index += 1) {
    const task = buildTask(index, seed);
    const episode = checkpoint ? { checkpoint: checkpointEpisode(task.family) } : {};
    for (let sample = 0; sample < rollouts; sample += 1)
      yield runEpisode(task, sample, { seed, model, ...episode });
  }
}
