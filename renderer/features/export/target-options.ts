// Which options of the Export screen apply to which target, so the screen shows only the ones the
// chosen target reads; derived from the target registry (shared/export-targets.ts).
import { targetsWhere, type ExportTarget } from '../../../shared/export-targets';

/** Targets whose records are preference pairs or labelled steps. */
export const PAIR_TARGETS = targetsWhere((info) => info.pairs);

/** Targets that write a real-valued weight per turn (or per token) from credit. */
export const TURN_WEIGHT_TARGETS = targetsWhere((info) => info.credit === 'turn_weights');

/** Targets that write binary per-turn train flags from credit. */
export const TRAIN_FLAG_TARGETS = targetsWhere((info) => info.credit === 'train_flags');

/** Targets with a per-record trajectory weight field (DRIFT weights go there, not duplicated). */
export const RECORD_WEIGHT_TARGETS = targetsWhere((info) => info.trajectoryWeight === 'record');

/** Targets whose records are task prompts (one per task), to which no trajectory weight applies. */
export const TASK_PROMPT_TARGETS = targetsWhere((info) => info.trajectoryWeight === 'task_prompts');

/** Targets whose records hold assistant turns written as messages, where reasoning can go. */
export const REASONING_TARGETS = targetsWhere(
  (info, target) => info.trajectoryWeight !== 'task_prompts' && target !== 'tokens',
);

export function usesCredit(target: ExportTarget): boolean {
  return TURN_WEIGHT_TARGETS.has(target) || TRAIN_FLAG_TARGETS.has(target);
}
