// Which options of the Export screen apply to which target, so the screen shows only the ones the
// chosen target reads.
import type { ExportTarget } from '../../../shared/api-export';

/** Targets whose records are preference pairs or labelled steps. */
export const PAIR_TARGETS: ReadonlySet<ExportTarget> = new Set([
  'trl-dpo',
  'trl-kto',
  'llamafactory',
]);

/** Targets that write a real-valued weight per turn (or per token) from credit. */
export const TURN_WEIGHT_TARGETS: ReadonlySet<ExportTarget> = new Set([
  'ms-swift',
  'llamafactory-v1',
  'tokens',
]);

/** Targets that write binary per-turn train flags from credit. */
export const TRAIN_FLAG_TARGETS: ReadonlySet<ExportTarget> = new Set(['axolotl']);

/** Targets with a per-record trajectory weight field (DRIFT weights go there, not duplicated). */
export const RECORD_WEIGHT_TARGETS: ReadonlySet<ExportTarget> = new Set(['tokens']);

/** Targets whose records are task prompts (one per task), to which no trajectory weight applies. */
export const TASK_PROMPT_TARGETS: ReadonlySet<ExportTarget> = new Set(['trl-grpo', 'verl-rl']);

export function usesCredit(target: ExportTarget): boolean {
  return TURN_WEIGHT_TARGETS.has(target) || TRAIN_FLAG_TARGETS.has(target);
}
