// TRL GRPO completion logs (Parquet or JSONL): one row per completion with `step`, `prompt`,
// `completion` (text or message lists), one column per reward function, and `advantage`.
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { isRecord } from '../../chat/openai-messages';
import { idFrom, metadataOf, outcomeOf, rewardValue, shortHash } from './openai-chat-fields';
import { convertRecords, fileStem, firstRecordOfHead } from './openai-chat-records';
import { isParquetPath, looksLikeParquet, parquetTailText } from './parquet-rows';
import { occurrenceCounter, promptTurns } from './verifiers';
import { formatInfo } from '../format-infos';

const NOT_REWARDS = new Set(['step', 'advantage', 'prompt', 'completion']);

/** Numeric columns other than step/advantage; NaN (a reward that did not apply) counts too. */
function rewardColumns(record: Record<string, unknown>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(record)) {
    if (NOT_REWARDS.has(key)) continue;
    if (typeof value === 'number') out[key] = Number.isFinite(value) ? value : null;
    else if (typeof value === 'string' && /^(NaN|-?Infinity)$/.test(value)) out[key] = null;
  }
  return out;
}

function stepOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  throw new RecordError(`step: expected an integer, got ${JSON.stringify(value)}`);
}

export function trlGrpoRecord(
  value: unknown,
  options: ReadContext['options'],
  fallbackId: string,
  nextIndex: (group: string) => number,
): CanonicalTrajectory {
  if (!isRecord(value)) throw new RecordError('expected an object per row');
  if (value.prompt === undefined || value.prompt === null) throw new RecordError('prompt: missing');
  if (value.completion === undefined || value.completion === null) {
    throw new RecordError('completion: missing');
  }
  const turns = [
    ...promptTurns(value.prompt, 'prompt', 'user'),
    ...promptTurns(value.completion, 'completion', 'assistant'),
  ];
  const step = stepOf(value.step);
  const rewards = rewardColumns(value);
  const promptHash = shortHash(value.prompt);
  const taskId = idFrom(value, options.task_field, 'task_field', []) ?? promptHash;
  const groupId =
    idFrom(value, options.group_field, 'group_field', []) ?? `step-${step ?? 'none'}:${promptHash}`;
  let { reward, success } = outcomeOf(value, options, [], []);
  if (!options.reward_field) {
    // TRL's own total when logged; else the unweighted sum of the reward functions' columns.
    const finite = Object.values(rewards).filter((r): r is number => r !== null);
    reward =
      'reward' in rewards
        ? (rewards.reward ?? null)
        : finite.length > 0
          ? finite.reduce((sum, r) => sum + r, 0)
          : null;
    if (!options.success_field) success = null;
  }
  return {
    source_id: fallbackId,
    task_id: taskId,
    group_id: groupId,
    sample_index: nextIndex(groupId),
    model: null,
    reward,
    success,
    metadata: {
      ...(metadataOf(value, ['prompt', 'completion', ...Object.keys(rewards)]) ?? {}),
      step,
      advantage: value.advantage === undefined ? null : rewardValue(value.advantage, 'advantage'),
      rewards,
      prompt_hash: promptHash,
    },
    tools: null,
    turns,
  };
}

function readTrlGrpo(file: string, context: ReadContext) {
  const stem = fileStem(file);
  const nextIndex = occurrenceCounter();
  return convertRecords(file, context, (value, line) =>
    trlGrpoRecord(value, context.options, `${stem}-${line}`, nextIndex),
  );
}

function detectTrlGrpo({ path: file, head }: { path: string; head: string }): number {
  try {
    if (isParquetPath(file)) {
      if (!looksLikeParquet(head)) return 0;
      const tail = parquetTailText(file);
      if (tail === '') return 0.4;
      const names = ['prompt', 'completion', 'step', 'advantage'].filter((n) => tail.includes(n));
      return names.length === 4
        ? 0.9
        : names.includes('prompt') && names.includes('completion')
          ? 0.5
          : 0;
    }
    if (!/\.(jsonl|json)$/i.test(withoutCompression(file))) return 0;
    const first = firstRecordOfHead(file, head);
    if (isRecord(first)) {
      if (!('prompt' in first) || !('completion' in first)) return 0;
      return 'step' in first && 'advantage' in first ? 0.9 : 0;
    }
    if (first !== null) return 0;
    return /"step"\s*:/.test(head) && /"advantage"\s*:/.test(head) && /"completion"\s*:/.test(head)
      ? 0.7
      : 0;
  } catch {
    return 0;
  }
}

export const trlGrpoFormat: FormatReader = {
  ...formatInfo('trl-grpo'),
  detect: detectTrlGrpo,
  read: readTrlGrpo,
};
