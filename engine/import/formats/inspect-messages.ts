// Inspect AI chat messages -> canonical turns, with condensed logs expanded first: `attachment://`
// (and the older `tc://`) references resolved from the sample's attachments, and model-event
// inputs given as `input_refs` ranges into the sample's `message_pool`.
import type { ToolCall, TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { RecordError, type CanonicalTurn } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { keepRawToolCalls, readToolCalls, type RawToolCall } from '../../chat/raw-tool-calls';
import { inspectToolError } from '../turn-error';

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

const REFERENCE = /^(?:attachment|tc):\/\/([0-9a-f]+)$/i;

/** A deep copy of value with every whole-string attachment reference replaced by its text. */
export function resolveAttachments(value: unknown, attachments: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const match = REFERENCE.exec(value);
    const text = match ? attachments[match[1] ?? ''] : undefined;
    return typeof text === 'string' ? text : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, attachments));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = resolveAttachments(inner, attachments);
    }
    return out;
  }
  return value;
}

/**
 * Expands `[[start, end_exclusive], ...]` ranges against a message pool: a model event's
 * `input_refs`, or a chunked sample's `message_refs`.
 */
export function expandInputRefs(refs: unknown, pool: unknown[], where: string): unknown[] {
  if (!Array.isArray(refs)) throw new RecordError(`${where}: expected a list of ranges`);
  const out: unknown[] = [];
  refs.forEach((range, index) => {
    const [start, end] = Array.isArray(range) ? range : [range, undefined];
    const from = typeof start === 'number' ? start : NaN;
    const to = typeof end === 'number' ? end : from + 1;
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > pool.length) {
      throw new RecordError(
        `${where}[${index}]: range ${JSON.stringify(range)} is outside the message pool (${pool.length} messages)`,
      );
    }
    out.push(...pool.slice(from, to));
  });
  return out;
}

interface ContentParts {
  text: string;
  reasoning: string | null;
  images: string[];
}

/** Inline images kept per message for the details panel: data: URLs only, bounded. */
const IMAGES_KEPT = 4;
const IMAGE_CHARS = 1_000_000;

function inlineImage(part: Record<string, unknown>): string | null {
  const url = part.type === 'image' ? part.image : undefined;
  return typeof url === 'string' && url.startsWith('data:image/') && url.length <= IMAGE_CHARS
    ? url
    : null;
}

function contentParts(content: unknown, where: string): ContentParts {
  if (content === null || content === undefined) return { text: '', reasoning: null, images: [] };
  if (typeof content === 'string') return { text: content, reasoning: null, images: [] };
  if (!Array.isArray(content)) throw new RecordError(`${where}: expected a string or a list`);
  const text: string[] = [];
  const reasoning: string[] = [];
  const images: string[] = [];
  content.forEach((part, index) => {
    if (typeof part === 'string') return void text.push(part);
    if (!isRecord(part)) throw new RecordError(`${where}[${index}]: expected a content part`);
    if (part.type === 'reasoning') {
      // Redacted reasoning is provider-encrypted: keep a marker, not the ciphertext.
      if (part.redacted === true) reasoning.push('[redacted reasoning]');
      else if (typeof part.reasoning === 'string') reasoning.push(part.reasoning);
      return;
    }
    if (typeof part.text === 'string') return void text.push(part.text);
    const image = inlineImage(part);
    if (image !== null && images.length < IMAGES_KEPT) images.push(image);
    text.push(`[${String(part.type ?? 'part')}]`);
  });
  return {
    text: text.join(''),
    reasoning: reasoning.length > 0 ? reasoning.join('\n') : null,
    images,
  };
}

/**
 * An assistant message's calls. Inspect writes objects; a call (or the list) saved as JSON text by
 * another tool is decoded, and text that is not JSON is kept raw on the turn (raw-tool-calls.ts).
 */
function toolCalls(value: unknown, where: string): { calls: ToolCall[]; raw: RawToolCall[] } {
  return readToolCalls(value, where, (call, at, index) => {
    if (typeof call.function !== 'string' || call.function === '') {
      throw new RecordError(`${at}.function: expected a non-empty string`);
    }
    return {
      id: typeof call.id === 'string' ? call.id : `call_${index}`,
      name: call.function,
      arguments: canonicalArguments(call.arguments),
    };
  });
}

export function inspectMessageToTurn(message: unknown, where: string): CanonicalTurn {
  if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
  const role = typeof message.role === 'string' ? ROLES[message.role] : undefined;
  if (role === undefined) {
    throw new RecordError(`${where}.role: unknown role ${JSON.stringify(message.role)}`);
  }
  const { text, reasoning, images } = contentParts(message.content, `${where}.content`);
  const callsWhere = `${where}.tool_calls`;
  const { calls, raw } =
    role === 'assistant' ? toolCalls(message.tool_calls, callsWhere) : { calls: [], raw: [] };
  const metadata: Record<string, unknown> = {};
  if (role === 'tool' && typeof message.function === 'string') metadata.function = message.function;
  if (role === 'tool' && message.error !== null && message.error !== undefined) {
    metadata.error = message.error;
  }
  if (typeof message.source === 'string') metadata.source = message.source;
  if (images.length > 0) metadata.images = images;
  const turn: CanonicalTurn = {
    role,
    content: text,
    reasoning,
    tool_calls: calls,
    tool_call_id: typeof message.tool_call_id === 'string' ? message.tool_call_id : null,
    is_action: calls.length > 0,
    n_tokens: null,
    logprobs: null,
    metadata: Object.keys(metadata).length > 0 ? metadata : null,
    error: role === 'tool' ? inspectToolError(message.error) : null,
  };
  keepRawToolCalls(turn, raw, callsWhere);
  return turn;
}
