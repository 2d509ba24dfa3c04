// verifiers results.jsonl: one rollout per line with `prompt` and `completion` (OpenAI message
// lists or plain text), `reward`, `metrics`, and usually `example_id`, `task`, `info`, `answer`.
import {
  RecordError,
  type CanonicalTrajectory,
  type CanonicalTurn,
  type FormatReader,
  type ReadContext,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { isRecord, messageToTurn } from '../../chat/openai-messages';
import {
  idFrom,
  metadataOf,
  outcomeOf,
  parsedIfString,
  shortHash,
  toolsValue,
} from './openai-chat-fields';
import { convertRecords, fileStem, firstRecordOfHead } from './openai-chat-records';
import { formatInfo } from '../format-infos';
import { crashedBeforeTurns } from '../crashed-record';

const EXAMPLE_FIELDS = ['example_id', 'id', 'example_idx'];

/** A message list, JSON text of one, or plain text (one turn with the given role). */
export function promptTurns(
  value: unknown,
  field: string,
  textRole: 'user' | 'assistant',
): CanonicalTurn[] {
  if (value === null || value === undefined) return [];
  const parsed = typeof value === 'string' && /^\s*\[\s*\{/.test(value) ? safeParse(value) : value;
  if (typeof parsed === 'string') {
    return [messageToTurn({ role: textRole, content: parsed }, field)];
  }
  if (!Array.isArray(parsed))
    throw new RecordError(`${field}: expected a list of messages or text`);
  return parsed.map((message, index) => messageToTurn(message, `${field}[${index}]`));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Counts rollouts per example in file order: the rollout's position is its sample_index. */
export function occurrenceCounter(): (key: string) => number {
  const counts = new Map<string, number>();
  return (key) => {
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    return index;
  };
}

export function verifiersRecord(
  value: unknown,
  options: ReadContext['options'],
  fallbackId: string,
  nextIndex: (group: string) => number,
): CanonicalTrajectory {
  if (!isRecord(value)) throw new RecordError('expected a JSON object per line');
  if (value.prompt === undefined) throw new RecordError('prompt: missing');
  if (value.completion === undefined) throw new RecordError('completion: missing');
  const turns = [
    ...promptTurns(value.prompt, 'prompt', 'user'),
    ...promptTurns(value.completion, 'completion', 'assistant'),
  ];
  // A rollout that failed before any message keeps its error (metadata.error) and 0 turns.
  if (turns.length === 0 && !crashedBeforeTurns([], value.error)) {
    throw new RecordError('prompt and completion are both empty');
  }
  const exampleId = idFrom(value, options.task_field, 'task_field', EXAMPLE_FIELDS);
  // Without an example id, rollouts of the same prompt still form a group.
  const taskId = exampleId ?? `prompt-${shortHash(value.prompt)}`;
  const groupId = idFrom(value, options.group_field, 'group_field', []) ?? taskId;
  const metrics = parsedIfString(value.metrics, 'metrics');
  if (metrics !== undefined && metrics !== null && !isRecord(metrics)) {
    throw new RecordError('metrics: expected an object of {name: value}');
  }
  // info is free-form: JSON text is unpacked, any other text kept as it is.
  const info = typeof value.info === 'string' ? safeParse(value.info) : value.info;
  return {
    source_id: fallbackId,
    task_id: taskId,
    group_id: groupId,
    sample_index: nextIndex(groupId),
    model: idFrom(value, undefined, '', ['model']),
    ...outcomeOf(value, options, ['reward'], ['success']),
    metadata: metadataOf({ ...value, metrics, info }, ['prompt', 'completion', 'tools']),
    tools: toolsValue(value.tools ?? (isRecord(info) ? info.oai_tools : undefined), 'tools'),
    turns,
  };
}

function readVerifiers(file: string, context: ReadContext) {
  const stem = fileStem(file);
  const nextIndex = occurrenceCounter();
  return convertRecords(file, context, (value, line) =>
    verifiersRecord(value, context.options, `${stem}-${line}`, nextIndex),
  );
}

const isMessages = (value: unknown) =>
  typeof value === 'string' ||
  (Array.isArray(value) && value.every((m) => isRecord(m) && 'role' in m));

function detectVerifiers({ path: file, head }: { path: string; head: string }): number {
  try {
    if (!/\.(jsonl|json)$/i.test(withoutCompression(file))) return 0;
    const first = firstRecordOfHead(file, head);
    if (isRecord(first)) {
      if (!isMessages(first.prompt) || !isMessages(first.completion)) return 0;
      // TRL GRPO logs share prompt/completion but carry step and advantage.
      if ('step' in first && 'advantage' in first) return 0.3;
      const markers = ['reward', 'metrics', 'example_id', 'answer', 'task', 'info'].filter(
        (key) => key in first,
      );
      if (!('reward' in first)) return 0.4;
      return markers.length >= 3 ? 0.9 : 0.7;
    }
    if (first !== null) return 0;
    const cutMarkers = /"prompt"\s*:\s*\[/.test(head) && /"completion"\s*:/.test(head);
    return cutMarkers && !/"advantage"\s*:/.test(head) ? 0.6 : 0;
  } catch {
    return 0;
  }
}

export const verifiersFormat: FormatReader = {
  ...formatInfo('verifiers'),
  detect: detectVerifiers,
  read: readVerifiers,
};
