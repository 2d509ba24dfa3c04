// A reader built from a user's mapping spec (shared/model.ts MappingSpec): for shapes no built-in
// reader knows. Records come from JSONL or a JSON document; each message is translated into the
// OpenAI shape and then read like any other message list.
import path from 'node:path';
import type { MappingSpec } from '../../shared/model';
import {
  RecordError,
  recordErrorReason,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
} from '../chat/canonical';
import { withoutCompression } from './decompress';
import { getPath, idValue, rewardValue, successValue } from './formats/openai-chat-fields';
import { parseJson, readTextFile, splitTopLevelArray } from './json-document';
import { readLines } from './line-reader';
import { isRecord, messageToTurn } from '../chat/openai-messages';

function field(record: unknown, dotPath: string | undefined): unknown {
  return dotPath === undefined ? undefined : getPath(record, dotPath);
}

/** One message of the source shape -> an OpenAI-shaped message, roles translated. */
function toOpenAiMessage(
  message: unknown,
  spec: MappingSpec,
  where: string,
): Record<string, unknown> {
  if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
  const rawRole = getPath(message, spec.role);
  if (typeof rawRole !== 'string')
    throw new RecordError(`${where}.${spec.role}: expected the role as text`);
  return {
    role: spec.roles[rawRole] ?? rawRole,
    content: getPath(message, spec.content) ?? null,
    reasoning: field(message, spec.reasoning) ?? null,
    tool_calls: field(message, spec.tool_calls) ?? null,
    tool_call_id: field(message, spec.tool_call_id) ?? null,
  };
}

export function mappedRecord(
  record: unknown,
  spec: MappingSpec,
  fallbackId: string,
): CanonicalTrajectory {
  if (!isRecord(record)) throw new RecordError('expected a JSON object per record');
  const messages = getPath(record, spec.messages);
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new RecordError(`${spec.messages}: expected a non-empty list of messages`);
  }
  const turns = messages.map((message, index) => {
    const where = `${spec.messages}[${index}]`;
    return messageToTurn(toOpenAiMessage(message, spec, where), where);
  });
  const task = idValue(field(record, spec.task), spec.task ?? 'task');
  const sample = field(record, spec.sample_index);
  if (sample !== undefined && sample !== null && !Number.isInteger(sample)) {
    throw new RecordError(`${spec.sample_index ?? ''}: expected an integer`);
  }
  const metadata: Record<string, unknown> = {};
  for (const key of spec.metadata) {
    const value = getPath(record, key);
    if (value !== undefined) metadata[key] = value;
  }
  return {
    source_id: idValue(field(record, spec.id), spec.id ?? 'id') ?? fallbackId,
    task_id: task,
    group_id: idValue(field(record, spec.group), spec.group ?? 'group') ?? task,
    sample_index: typeof sample === 'number' ? sample : null,
    model: idValue(field(record, spec.model), spec.model ?? 'model'),
    reward: rewardValue(field(record, spec.reward), spec.reward ?? 'reward'),
    success: successValue(field(record, spec.success), spec.success ?? 'success'),
    metadata: spec.metadata.length > 0 ? (metadata as Record<string, unknown>) : null,
    tools: null,
    turns,
  };
}

/** One record; `where` names it in a reason when its line does not (a nested list's index). */
function convert(
  record: unknown,
  spec: MappingSpec,
  fallbackId: string,
  line: number,
  where = '',
): ReadItem {
  try {
    return { kind: 'trajectory', line, trajectory: mappedRecord(record, spec, fallbackId) };
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    return { kind: 'error', line, reason: `${where}${reason}` };
  }
}

async function* readMapped(
  spec: MappingSpec,
  file: string,
  context: ReadContext,
): AsyncIterable<ReadItem> {
  const stem = path.basename(withoutCompression(file)).replace(/\.[^.]+$/, '');
  if (spec.records === 'jsonl') {
    for await (const { number, text, refused } of readLines(
      file,
      context.progress,
      context.signal,
    )) {
      if (refused !== undefined) {
        yield { kind: 'error', line: number, reason: refused };
        continue;
      }
      if (text.trim() === '') continue;
      const parsed = parseJson(text, number);
      yield parsed.ok
        ? convert(parsed.value, spec, `${stem}-${number}`, number)
        : { kind: 'error', line: parsed.line, reason: parsed.reason };
    }
    return;
  }
  const text = await readTextFile(file, context);
  // A top-level array keeps each record's own line; a nested list is read whole.
  const elements = spec.records_path === '' ? splitTopLevelArray(text) : null;
  if (elements !== null) {
    for (const [index, element] of elements.entries()) {
      if (context.signal.aborted) return;
      const parsed = parseJson(element.text, element.line);
      yield parsed.ok
        ? convert(parsed.value, spec, `${stem}-${index + 1}`, element.line)
        : { kind: 'error', line: parsed.line, reason: parsed.reason };
    }
    return;
  }
  const document = parseJson(text);
  if (!document.ok) {
    yield { kind: 'error', line: document.line, reason: document.reason };
    return;
  }
  const records =
    spec.records_path === '' ? document.value : getPath(document.value, spec.records_path);
  if (!Array.isArray(records)) {
    yield {
      kind: 'error',
      line: 1,
      reason: `${spec.records_path || '(document)'}: expected a list of records`,
    };
    return;
  }
  for (const [index, record] of records.entries()) {
    if (context.signal.aborted) return;
    const where = `${spec.records_path || '(document)'}[${index}]: `;
    yield convert(record, spec, `${stem}-${index + 1}`, 1, where);
  }
}

/** A reader for one mapping; `name` is 'mapping' for an inline spec or 'mapping:<saved name>'. */
export function mappingReader(spec: MappingSpec, name = 'mapping'): FormatReader {
  return {
    name,
    description: 'A user-defined mapping of field paths',
    extensions: [],
    detect: () => 0,
    read: (file, context) => readMapped(spec, file, context),
  };
}
