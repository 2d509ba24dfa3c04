// OpenTelemetry GenAI attributes -> chat messages. Three generations of the conventions exist:
// gen_ai.input.messages / gen_ai.output.messages (JSON, parts), the older flattened
// gen_ai.prompt.N.* / gen_ai.completion.N.* attributes, and gen_ai.* span events.
import type { ToolCall } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { RecordError } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { decodedToolCall, toolCallEntries, type RawToolCall } from '../../chat/raw-tool-calls';

export type Attributes = Record<string, unknown>;

/** An OTLP AnyValue as a plain JSON value. */
export function anyValue(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('bytesValue' in value) return value.bytesValue;
  if (isRecord(value.arrayValue)) {
    return (Array.isArray(value.arrayValue.values) ? value.arrayValue.values : []).map(anyValue);
  }
  if (isRecord(value.kvlistValue)) return attributesOf(value.kvlistValue.values);
  return null;
}

export function attributesOf(list: unknown): Attributes {
  const out: Attributes = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (isRecord(item) && typeof item.key === 'string') out[item.key] = anyValue(item.value);
  }
  return out;
}

/** A chat message in a convention-neutral shape. */
export interface GenaiMessage {
  role: string;
  text: string;
  reasoning: string | null;
  toolCalls: ToolCall[];
  /** Calls given as text that is not JSON of a call (raw-tool-calls.ts). */
  rawToolCalls: RawToolCall[];
  toolCallId: string | null;
}

function jsonAttribute(attrs: Attributes, key: string): unknown {
  const value = attrs[key];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new RecordError(`${key}: invalid JSON`);
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function callOf(raw: unknown, index: number): ToolCall {
  const call = isRecord(raw) ? raw : {};
  const fn = isRecord(call.function) ? call.function : call;
  return {
    id: typeof call.id === 'string' ? call.id : `call_${index}`,
    name: typeof fn.name === 'string' ? fn.name : 'unknown',
    arguments: canonicalArguments(fn.arguments),
  };
}

/** A message of the current conventions: {role, parts: [{type, content | id, name, arguments}]}. */
function fromParts(raw: unknown, where: string): GenaiMessage {
  if (!isRecord(raw)) throw new RecordError(`${where}: expected a message object`);
  const message: GenaiMessage = {
    role: typeof raw.role === 'string' ? raw.role : 'assistant',
    text: '',
    reasoning: null,
    toolCalls: [],
    rawToolCalls: [],
    toolCallId: null,
  };
  const parts = Array.isArray(raw.parts) ? raw.parts : [{ type: 'text', content: raw.content }];
  const texts: string[] = [];
  parts.forEach((part, index) => {
    if (!isRecord(part)) return;
    if (part.type === 'tool_call') message.toolCalls.push(callOf(part, index));
    else if (part.type === 'tool_call_response') {
      message.toolCallId = typeof part.id === 'string' ? part.id : null;
      texts.push(text(part.response ?? part.result));
    } else if (part.type === 'reasoning') message.reasoning = text(part.content);
    else if (part.type === 'text' || part.content !== undefined) texts.push(text(part.content));
    else texts.push(`[${String(part.type ?? 'part')}]`);
  });
  message.text = texts.join('');
  const listed = toolCallEntries(raw.tool_calls);
  message.rawToolCalls.push(...listed.raw);
  listed.entries.forEach((entry, index) => {
    const decoded = decodedToolCall(entry, index);
    if (decoded.ok) message.toolCalls.push(callOf(decoded.value, index));
    else message.rawToolCalls.push(decoded.raw);
  });
  if (typeof raw.tool_call_id === 'string') message.toolCallId = raw.tool_call_id;
  return message;
}

/** Flattened gen_ai.prompt.N.* / gen_ai.completion.N.* attributes. */
function fromIndexed(attrs: Attributes, prefix: string): GenaiMessage[] {
  const out: GenaiMessage[] = [];
  for (let n = 0; `${prefix}.${n}.role` in attrs || `${prefix}.${n}.content` in attrs; n += 1) {
    const at = `${prefix}.${n}`;
    const calls: ToolCall[] = [];
    for (let m = 0; `${at}.tool_calls.${m}.name` in attrs; m += 1) {
      const call = `${at}.tool_calls.${m}`;
      calls.push(
        callOf(
          {
            id: attrs[`${call}.id`],
            name: attrs[`${call}.name`],
            arguments: attrs[`${call}.arguments`],
          },
          m,
        ),
      );
    }
    out.push({
      role: typeof attrs[`${at}.role`] === 'string' ? (attrs[`${at}.role`] as string) : 'assistant',
      text: text(attrs[`${at}.content`]),
      reasoning: null,
      toolCalls: calls,
      rawToolCalls: [],
      toolCallId:
        typeof attrs[`${at}.tool_call_id`] === 'string'
          ? (attrs[`${at}.tool_call_id`] as string)
          : null,
    });
  }
  return out;
}

const EVENT_ROLES: Record<string, string> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

export interface SpanEvent {
  name: string;
  attrs: Attributes;
}

function fromEvents(events: SpanEvent[], output: boolean): GenaiMessage[] {
  const out: GenaiMessage[] = [];
  for (const event of events) {
    const role = EVENT_ROLES[event.name];
    if (!output && role !== undefined) {
      out.push({
        ...fromParts(
          { role, content: event.attrs.content, tool_calls: jsonOrSelf(event.attrs.tool_calls) },
          event.name,
        ),
        toolCallId: typeof event.attrs.id === 'string' ? event.attrs.id : null,
      });
    } else if (output && event.name === 'gen_ai.choice') {
      const message = jsonOrSelf(event.attrs.message);
      out.push(
        fromParts(
          isRecord(message)
            ? message
            : {
                role: 'assistant',
                content: event.attrs.content,
                tool_calls: jsonOrSelf(event.attrs.tool_calls),
              },
          event.name,
        ),
      );
    }
  }
  return out;
}

function jsonOrSelf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The input (prompt) messages of a chat span, system instructions first. */
export function inputMessages(attrs: Attributes, events: SpanEvent[]): GenaiMessage[] {
  const out: GenaiMessage[] = [];
  const system = jsonAttribute(attrs, 'gen_ai.system_instructions');
  if (Array.isArray(system))
    out.push(fromParts({ role: 'system', parts: system }, 'gen_ai.system_instructions'));
  const input = jsonAttribute(attrs, 'gen_ai.input.messages');
  if (Array.isArray(input))
    return [...out, ...input.map((m, i) => fromParts(m, `gen_ai.input.messages[${i}]`))];
  const indexed = fromIndexed(attrs, 'gen_ai.prompt');
  if (indexed.length > 0) return [...out, ...indexed];
  return [...out, ...fromEvents(events, false)];
}

/** The output (completion) messages of a chat span. */
export function outputMessages(attrs: Attributes, events: SpanEvent[]): GenaiMessage[] {
  const output = jsonAttribute(attrs, 'gen_ai.output.messages');
  if (Array.isArray(output))
    return output.map((m, i) => fromParts(m, `gen_ai.output.messages[${i}]`));
  const indexed = fromIndexed(attrs, 'gen_ai.completion');
  return indexed.length > 0 ? indexed : fromEvents(events, true);
}
