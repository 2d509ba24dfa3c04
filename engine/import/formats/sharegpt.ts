// ShareGPT / LLaMA-Factory conversations (.json arrays and .jsonl): classic
// `conversations[{from, value}]` with `system` and `tools` (JSON text), v1 `messages[{role,
// content: [{type, value}]}]`, and bare lists of messages (ETO-style ReAct logs).
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { isRecord } from '../../chat/openai-messages';
import {
  idFrom,
  metadataOf,
  outcomeOf,
  parsedIfString,
  toolsValue,
  uniqueIds,
} from './openai-chat-fields';
import { convertRecords, fileStem, firstRecordOfHead } from './openai-chat-records';
import { sharegptTurns } from './sharegpt-messages';
import { formatInfo } from '../format-infos';

const LIST_KEYS = ['conversations', 'conversation', 'messages'] as const;
const TASK_FIELDS = ['task_id', 'instance_id'];
const SOURCE_ID_FIELDS = ['id', 'uuid', 'conversation_id'];

function conversationOf(record: Record<string, unknown>): { key: string; list: unknown[] } {
  for (const key of LIST_KEYS) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    const list = parsedIfString(value, key);
    if (!Array.isArray(list)) throw new RecordError(`${key}: expected a list of messages`);
    if (list.length === 0) throw new RecordError(`${key}: the conversation is empty`);
    return { key, list };
  }
  throw new RecordError(`conversations: missing (looked for ${LIST_KEYS.join(', ')})`);
}

export function sharegptRecord(
  value: unknown,
  options: ReadContext['options'],
  fallbackId: string,
): CanonicalTrajectory {
  if (Array.isArray(value)) {
    // A bare conversation: no ids, tools or outcome beside the messages.
    if (value.length === 0) throw new RecordError('the conversation is empty');
    const record = { conversation: value };
    const taskId = options.task_field ? idFrom(record, options.task_field, 'task_field', []) : null;
    return {
      source_id: fallbackId,
      task_id: taskId,
      group_id: taskId,
      sample_index: null,
      model: null,
      ...outcomeOf(record, options, [], []),
      metadata: null,
      tools: null,
      turns: sharegptTurns(value, '', null),
    };
  }
  if (!isRecord(value))
    throw new RecordError('expected a conversation object or a list of messages');
  const { key, list } = conversationOf(value);
  if (value.system !== undefined && value.system !== null && typeof value.system !== 'string') {
    throw new RecordError('system: expected a string');
  }
  const taskId = idFrom(value, options.task_field, 'task_field', TASK_FIELDS);
  return {
    source_id: idFrom(value, undefined, '', SOURCE_ID_FIELDS) ?? fallbackId,
    task_id: taskId,
    group_id: idFrom(value, options.group_field, 'group_field', ['group_id']) ?? taskId,
    sample_index: null,
    model: idFrom(value, undefined, '', ['model']),
    ...outcomeOf(value, options, ['reward', 'score'], ['success']),
    metadata: metadataOf(value, [key, 'system', 'tools']),
    tools: toolsValue(value.tools, 'tools'),
    turns: sharegptTurns(
      list,
      key,
      typeof value.system === 'string' && value.system !== '' ? value.system : null,
    ),
  };
}

function readSharegpt(file: string, context: ReadContext) {
  const stem = fileStem(file);
  const unique = uniqueIds();
  return convertRecords(file, context, (value, line) => {
    const trajectory = sharegptRecord(value, context.options, `${stem}-${line}`);
    return { ...trajectory, source_id: unique(trajectory.source_id, stem, line) };
  });
}

const hasFrom = (m: unknown) => isRecord(m) && typeof m.from === 'string';
const hasTypedParts = (m: unknown) =>
  isRecord(m) &&
  Array.isArray(m.content) &&
  m.content.some((part) => isRecord(part) && typeof part.type === 'string' && 'value' in part);

function scoreFirst(first: unknown): number {
  if (Array.isArray(first)) {
    if (first.length === 0 || !first.every(isRecord)) return 0;
    if (first.some(hasFrom)) return 0.85;
    return first.every((m) => isRecord(m) && 'role' in m) ? 0.5 : 0;
  }
  if (!isRecord(first)) return 0;
  for (const key of LIST_KEYS) {
    const list = first[key];
    if (!Array.isArray(list) || list.length === 0 || !list.every(isRecord)) continue;
    if (list.some(hasFrom)) return list.every((m) => 'value' in m || 'content' in m) ? 0.9 : 0.6;
    if (list.some(hasTypedParts)) return 0.9;
  }
  return 0;
}

function detectSharegpt({ path: file, head }: { path: string; head: string }): number {
  try {
    if (!/\.(jsonl|json)$/i.test(withoutCompression(file))) return 0;
    const first = firstRecordOfHead(file, head);
    if (first !== null) return scoreFirst(first);
    // The first record is bigger than the head: judge by its opening structure.
    if (/"conversations"\s*:\s*\[\s*\{\s*"from"\s*:/.test(head)) return 0.85;
    if (
      /"content"\s*:\s*\[\s*\{\s*"type"\s*:\s*"(text|reasoning|tool_call)"\s*,\s*"value"/.test(head)
    ) {
      return 0.85;
    }
    return 0;
  } catch {
    return 0;
  }
}

export const sharegptFormat: FormatReader = {
  ...formatInfo('sharegpt'),
  detect: detectSharegpt,
  read: readSharegpt,
};
