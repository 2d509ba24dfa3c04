// OpenAI chat messages, one conversation per record: JSONL (.gz/.zst), a JSON array, or Parquet
// (message lists as nested structs or as JSON text in one column).
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { isRecord, messageToTurn } from '../../chat/openai-messages';
import { markTextActions } from './openai-chat-actions';
import {
  idFrom,
  metadataOf,
  outcomeOf,
  parsedIfString,
  toolsValue,
  uniqueIds,
} from './openai-chat-fields';
import { convertRecords, fileStem, firstRecordOfHead } from './openai-chat-records';
import { isParquetPath, looksLikeParquet, parquetTailText } from './parquet-rows';
import { formatInfo } from '../format-infos';
import { crashedBeforeTurns } from '../crashed-record';

/** Columns that may hold the message list, in order of preference. */
export const MESSAGE_COLUMNS = ['messages', 'conversation', 'trajectory', 'chat'] as const;
const REWARD_FIELDS = ['reward', 'score'];
const SUCCESS_FIELDS = ['success', 'resolved', 'target'];
const TASK_FIELDS = ['instance_id', 'task_id', 'problem_id', 'question_id', 'example_id'];
const SOURCE_ID_FIELDS = ['trajectory_id', 'id', 'uuid'];
const MODEL_FIELDS = ['model', 'model_name'];
const ROLE_ALIASES: Record<string, string> = { human: 'user', gpt: 'assistant', ai: 'assistant' };
/** Keys the turnwise format owns: such files belong to that reader. */
const TURNWISE_KEYS = ['trajectory_id', 'group_id', 'sample_index'];

function messageList(record: Record<string, unknown>): { column: string; list: unknown[] } {
  for (const column of MESSAGE_COLUMNS) {
    const value = record[column];
    if (value === null || value === undefined) continue;
    const list = parsedIfString(value, column);
    if (!Array.isArray(list)) {
      throw new RecordError(`${column}: expected a list of messages or JSON text of one`);
    }
    // A run that failed before any message keeps its `error` (metadata) and 0 turns.
    if (list.length === 0 && !crashedBeforeTurns(list, record.error)) {
      throw new RecordError(`${column}: the message list is empty`);
    }
    return { column, list };
  }
  throw new RecordError(`messages: missing (looked for ${MESSAGE_COLUMNS.join(', ')})`);
}

/**
 * Dataset variants: `text` for content, role aliases (tool_calls stored as JSON text are decoded
 * by messageToTurn).
 */
function normalizedMessage(message: unknown): unknown {
  if (!isRecord(message)) return message;
  const out: Record<string, unknown> = { ...message };
  if (out.content === undefined && typeof out.text === 'string') out.content = out.text;
  if (typeof out.role === 'string') out.role = ROLE_ALIASES[out.role] ?? out.role;
  return out;
}

export function openaiChatRecord(
  value: unknown,
  context: { options: ReadContext['options']; fallbackId: string },
): CanonicalTrajectory {
  if (!isRecord(value)) throw new RecordError('expected a JSON object per record');
  const { options } = context;
  const { column, list } = messageList(value);
  const turns = markTextActions(
    list.map((message, index) => {
      const where = `${column}[${index}]`;
      return messageToTurn(normalizedMessage(message), where);
    }),
  );
  const taskId = idFrom(value, options.task_field, 'task_field', TASK_FIELDS);
  const groupId = idFrom(value, options.group_field, 'group_field', ['group_id']) ?? taskId;
  const sampleIndex = value.sample_index;
  return {
    source_id: idFrom(value, undefined, '', SOURCE_ID_FIELDS) ?? context.fallbackId,
    task_id: taskId,
    group_id: groupId,
    sample_index:
      typeof sampleIndex === 'number' && Number.isInteger(sampleIndex) ? sampleIndex : null,
    model: idFrom(value, undefined, '', MODEL_FIELDS),
    ...outcomeOf(value, options, REWARD_FIELDS, SUCCESS_FIELDS),
    metadata: metadataOf(value, [column, 'tools']),
    tools: toolsValue(value.tools, 'tools'),
    turns,
  };
}

function readOpenaiChat(file: string, context: ReadContext) {
  const stem = fileStem(file);
  const unique = uniqueIds();
  return convertRecords(file, context, (value, line) => {
    const fallbackId = `${stem}-${line}`;
    const trajectory = openaiChatRecord(value, { options: context.options, fallbackId });
    return { ...trajectory, source_id: unique(trajectory.source_id, stem, line) };
  });
}

function isMessageList(value: unknown): boolean {
  const list = typeof value === 'string' && /^\s*\[/.test(value) ? safeParse(value) : value;
  return Array.isArray(list) && list.length > 0 && list.every((m) => isRecord(m) && 'role' in m);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function detectOpenaiChat({ path: file, head }: { path: string; head: string }): number {
  try {
    if (isParquetPath(file)) {
      if (!looksLikeParquet(head)) return 0;
      const tail = parquetTailText(file);
      // Column names live in the footer; with no footer text, stay generic.
      if (tail === '') return 0.5;
      const hasMessages =
        MESSAGE_COLUMNS.some((name) => tail.includes(name)) && tail.includes('role');
      if (!hasMessages) return 0;
      return TURNWISE_KEYS.some((key) => tail.includes(key)) ? 0.4 : 0.6;
    }
    if (!/\.(jsonl|json)$/i.test(withoutCompression(file))) return 0;
    const first = firstRecordOfHead(file, head);
    if (isRecord(first)) {
      const column = MESSAGE_COLUMNS.find((name) => isMessageList(first[name]));
      if (column === undefined) return 0;
      const turnwiseLike =
        TURNWISE_KEYS.some((key) => key in first) ||
        (Array.isArray(first[column]) &&
          (first[column] as unknown[]).some((m) => isRecord(m) && 'logp_policy' in m));
      return turnwiseLike ? 0.4 : 0.6;
    }
    if (first !== null) return 0;
    // The first record is bigger than the head: judge by its opening keys.
    if (!/^\s*[[{]/.test(head) || !/"messages"\s*:\s*(\[\s*\{\s*"role"|"\[)/.test(head)) return 0;
    return TURNWISE_KEYS.some((key) => head.includes(`"${key}"`)) ? 0.4 : 0.55;
  } catch {
    return 0;
  }
}

export const openaiChatFormat: FormatReader = {
  ...formatInfo('openai-chat'),
  detect: detectOpenaiChat,
  read: readOpenaiChat,
};
