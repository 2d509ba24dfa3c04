// Hugging Face Session Trace Simple Format (docs/formats/hf-sts.md): a JSONL session, a header
// line `{type: "session", harness, id, name?}` then one `{type: "message", message}` line per
// message. One trajectory per file; a bad message line is left out and reported, not fatal.
import type { ToolCall } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import {
  RecordError,
  plainTurn,
  recordErrorReason,
  type CanonicalTurn,
  type FormatReader,
  type ReadContext,
  type ReadItem,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { formatInfo } from '../format-infos';
import { parseJson } from '../json-document';
import { readLines } from '../line-reader';
import { contentText, isRecord } from '../../chat/openai-messages';
import { metadataOf } from './openai-chat-fields';

type Obj = Record<string, unknown>;
const ROLES = ['user', 'assistant', 'system', 'tool'] as const;

function text(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new RecordError(`${where}: expected text`);
  return value;
}

function toolCalls(value: unknown): ToolCall[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new RecordError('message.toolCalls: expected a list');
  return value.map((call, index) => {
    const where = `message.toolCalls[${index}]`;
    const fn = isRecord(call) && isRecord(call.function) ? call.function : null;
    if (!isRecord(call) || typeof call.id !== 'string' || call.id === '') {
      throw new RecordError(`${where}.id: expected a non-empty string`);
    }
    if (fn === null || typeof fn.name !== 'string' || fn.name === '') {
      throw new RecordError(`${where}.function.name: expected a non-empty string`);
    }
    return { id: call.id, name: fn.name, arguments: canonicalArguments(fn.arguments) };
  });
}

/** One message line as a turn; timestamp (epoch ms) and model go to the turn's metadata. */
export function messageTurn(line: unknown): CanonicalTurn {
  if (!isRecord(line) || line.type !== 'message') {
    throw new RecordError('expected a {"type": "message", "message": {...}} line');
  }
  const message = line.message;
  if (!isRecord(message)) throw new RecordError('message: expected an object');
  const role = ROLES.find((known) => known === message.role);
  if (role === undefined) throw new RecordError(`message.role: expected ${ROLES.join(', ')}`);
  const calls = role === 'assistant' ? toolCalls(message.toolCalls) : [];
  const metadata: Obj = {};
  if (typeof message.timestamp === 'number') metadata.timestamp = message.timestamp;
  const model = text(message.model, 'message.model');
  if (model !== null) metadata.model = model;
  return {
    ...plainTurn(role, contentText(message.content, 'message.content')),
    reasoning: text(message.reasoningContent, 'message.reasoningContent'),
    tool_calls: calls,
    tool_call_id: role === 'tool' ? text(message.toolCallId, 'message.toolCallId') : null,
    is_action: calls.length > 0,
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
  };
}

function isHeader(value: unknown): value is Obj & { harness: string; id: string } {
  return (
    isRecord(value) &&
    value.type === 'session' &&
    typeof value.harness === 'string' &&
    typeof value.id === 'string' &&
    value.id !== ''
  );
}

async function* readHfSts(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  let header: Obj | null = null;
  const turns: CanonicalTurn[] = [];
  const dropped: ReadItem[] = [];
  for await (const { number, text: line, refused } of readLines(
    file,
    context.progress,
    context.signal,
  )) {
    if (refused !== undefined) {
      dropped.push({ kind: 'dropped', line: number, reason: refused });
      continue;
    }
    if (line.trim() === '') continue;
    const parsed = parseJson(line, number);
    if (header === null) {
      // The header is the first line; without it there is no session id to import under.
      if (parsed.ok && isHeader(parsed.value)) {
        header = parsed.value;
        continue;
      }
      yield {
        kind: 'error',
        line: number,
        reason: 'expected the session header {type: "session", harness, id} first',
      };
      return;
    }
    try {
      if (!parsed.ok) throw new RecordError(parsed.reason);
      turns.push(messageTurn(parsed.value));
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      dropped.push({ kind: 'dropped', line: number, reason });
    }
  }
  if (context.signal.aborted) return;
  if (header === null) {
    yield { kind: 'error', line: 1, reason: 'the file is empty: no session header' };
    return;
  }
  yield* dropped;
  const model = turns.find((turn) => typeof turn.metadata?.model === 'string')?.metadata?.model;
  yield {
    kind: 'trajectory',
    line: 1,
    trajectory: {
      source_id: header.id as string,
      task_id: null,
      group_id: null,
      sample_index: null,
      model: typeof model === 'string' ? model : null,
      reward: null,
      success: null,
      metadata: metadataOf(header, ['type', 'id']),
      tools: null,
      turns,
    },
  };
}

function detectHfSts({ path: file, head }: { path: string; head: string }): number {
  if (!/\.jsonl$/i.test(withoutCompression(file))) return 0;
  const [first, second] = head
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 2)
    .map((line) => parseJson(line));
  if (!first?.ok || !isHeader(first.value)) return 0;
  if (second === undefined || !second.ok) return 0.9;
  // Pi's session format (which the Hub also reads) has a session header too, but its message
  // lines carry their own id and parentId beside the message.
  const value = second.value;
  return isRecord(value) && isRecord(value.message) && !('parentId' in value) ? 0.95 : 0.3;
}

export const hfStsFormat: FormatReader = {
  ...formatInfo('hf-sts'),
  detect: detectHfSts,
  read: readHfSts,
};
