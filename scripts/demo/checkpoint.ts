// The demo's second run: checkpoint `sft1`, the base model fine-tuned on an export of the base run's
// repair and config rollouts, with investigate held out. It runs the same tasks with a different
// random stream; its skill moves by a fixed, documented amount per family, so a comparison of the
// two runs has a known answer (see datasets/demo/README.md, "The checkpoint run").

import { type CheckpointEpisode, DEFAULT_MODEL } from './episode';
import type { CheckpointMetadata, TaskFamily } from './record-types';

export const CHECKPOINT_NAME = 'sft1';
export const CHECKPOINT_MODEL = `${DEFAULT_MODEL}-${CHECKPOINT_NAME}`;
export const CHECKPOINT_OUT = 'datasets/demo/checkpoint.jsonl';

/** Families the checkpoint was fine-tuned on. */
export const CHECKPOINT_TRAINED_FAMILIES: readonly TaskFamily[] = ['repair', 'config'];
/** Families left out of the fine-tuning export. */
export const CHECKPOINT_HELD_OUT_FAMILIES: readonly TaskFamily[] = ['investigate'];

/**
 * Shifts of a task's hidden ease (skill moves by half, before clamping). Trained families gain;
 * held-out investigation gets slightly worse: the model learned to edit and got hastier at reading.
 */
export const CHECKPOINT_EASE_SHIFT: Readonly<{ trained: number; heldOut: number }> = {
  trained: 0.8,
  heldOut: -0.6,
};

export function isTrainedFamily(family: TaskFamily): boolean {
  return CHECKPOINT_TRAINED_FAMILIES.includes(family);
}

export function checkpointEaseShift(family: TaskFamily): number {
  return isTrainedFamily(family) ? CHECKPOINT_EASE_SHIFT.trained : CHECKPOINT_EASE_SHIFT.heldOut;
}

/** What runEpisode needs to play the checkpoint on a task of this family. */
export function checkpointEpisode(family: TaskFamily): CheckpointEpisode {
  const easeShift = checkpointEaseShift(family);
  const metadata: CheckpointMetadata = {
    run: 'checkpoint',
    checkpoint: CHECKPOINT_NAME,
    trained_families: [...CHECKPOINT_TRAINED_FAMILIES],
    ease_shift: easeShift,
  };
  return { name: CHECKPOINT_NAME, easeShift, metadata };
}
