// The `turnwise` rollout format: OpenAI-messages JSONL or Parquet, one trajectory per line or
// row (README).
import path from 'node:path';
import { isRecord, messagesToTurns } from '../chat/openai-messages';
import { withoutCompression } from './decompress';
import { parseJson } from './json-document';
import { readLines } from './line-reader';
import {
  isParquetPath,
  looksLikeParquet,
  parquetTailText,
  readParquetRows,
} from './formats/parquet-rows';
import { optionalBoolean, optionalId } from './record-values';
import { declaredError } from './turn-error';
import {
  RecordError,
  recordErrorReason,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadItem,
  type ReadContext,
} from '../chat/canonical';
import { formatInfo } from './format-infos';

const OWN_KEYS = ['trajectory_id', 'group_id', 'sample_index'];

function optionalNumber(value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new RecordError(`${field}: expected a finite number`);
}

/** Converts one parsed record; throws RecordError with the field path on bad input. */
export function turnwiseRecord(record: unknown, fallbackId: string): CanonicalTrajectory {
  if (!isRecord(record)) throw new RecordError('expected a JSON object per line');
  const turns = messagesToTurns(record.messages, 'messages');
  (record.messages as unknown[]).forEach((message, index) => {
    const error = isRecord(message)
      ? declaredError(message.error, `messages[${index}].error`)
      : null;
    const turn = turns[index];
    if (error !== null && turn !== undefined) turn.error = error;
  });
  const taskId = optionalId(record.task_id, 'task_id');
  const sampleIndex = optionalNumber(record.sample_index, 'sample_index');
  if (sampleIndex !== null && !Number.isInteger(sampleIndex)) {
    throw new RecordError('sample_index: expected an integer');
  }
  if (record.tools !== undefined && record.tools !== null && !Array.isArray(record.tools)) {
    throw new RecordError('tools: expected a list of tool specs');
  }
  if (record.metadata !== undefined && record.metadata !== null && !isRecord(record.metadata)) {
    throw new RecordError('metadata: expected an object');
  }
  return {
    source_id: optionalId(record.trajectory_id, 'trajectory_id') ?? fallbackId,
    task_id: taskId,
    group_id: optionalId(record.group_id, 'group_id') ?? taskId,
    sample_index: sampleIndex,
    model: optionalId(record.model, 'model'),
    reward: optionalNumber(record.reward, 'reward'),
    success: optionalBoolean(record.success, 'success'),
    metadata: isRecord(record.metadata) ? (record.metadata as Record<string, unknown>) : null,
    tools: Array.isArray(record.tools) ? record.tools : null,
    turns,
  };
}

function converted(record: unknown, line: number, fallbackId: string): ReadItem {
  try {
    return { kind: 'trajectory', line, trajectory: turnwiseRecord(record, fallbackId) };
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    return { kind: 'error', line, reason };
  }
}

async function* readTurnwise(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const { progress, signal } = context;
  const stem = path.basename(withoutCompression(file)).replace(/\.(jsonl|json|parquet)$/i, '');
  if (isParquetPath(file)) {
    for await (const { line, row } of readParquetRows(file, context)) {
      yield converted(row, line, `${stem}-${line}`);
    }
    return;
  }
  for await (const { number, text, refused } of readLines(file, progress, signal, context.shard)) {
    if (refused !== undefined) {
      yield { kind: 'error', line: number, reason: refused };
      continue;
    }
    if (text.trim() === '') continue;
    const line = parseJson(text, number);
    if (!line.ok) {
      yield { kind: 'error', line: number, reason: line.reason };
      continue;
    }
    const parsed = line.value;
    yield converted(parsed, number, `${stem}-${number}`);
  }
}

export const turnwiseFormat: FormatReader = {
  ...formatInfo('turnwise'),
  // Generic OpenAI-messages JSONL scores about 0.6 in the openai-chat reader; this format wins
  // only on keys that are its own (trajectory_id, group_id, per-token log-probs).
  detect({ path: file, head }) {
    if (isParquetPath(file)) {
      if (!looksLikeParquet(head)) return 0;
      // Column names live in the footer: messages plus a key of this format's own.
      const tail = parquetTailText(file);
      return tail.includes('messages') && OWN_KEYS.some((key) => tail.includes(key)) ? 0.75 : 0;
    }
    if (!/\.jsonl$/i.test(withoutCompression(file))) return 0;
    const firstLine = head.split('\n', 1)[0] ?? '';
    let first: unknown;
    try {
      first = JSON.parse(firstLine);
    } catch {
      // The first record may be larger than the sample: fall back to its opening keys.
      if (!/^\s*\{/.test(head) || !/"messages"\s*:\s*\[/.test(head)) return 0;
      return OWN_KEYS.some((key) => head.includes(`"${key}"`)) ? 0.75 : 0.2;
    }
    if (!isRecord(first) || !Array.isArray(first.messages)) return 0;
    const ownKeys = OWN_KEYS.filter((key) => key in first).length;
    const hasLogprobs = first.messages.some((m) => isRecord(m) && 'logp_policy' in m);
    if (ownKeys === 0 && !hasLogprobs) return 0.2;
    return Math.min(1, 0.75 + ownKeys * 0.05 + (hasLogprobs ? 0.1 : 0));
  },
  read: readTurnwise,
  linesAreRecords: (file) => !isParquetPath(file),
};
