// Converts OpenAI chat messages into canonical turns. Shared by every importer whose records
// carry OpenAI-shaped message lists.
import type { ToolCall, TurnRole } from '../../shared/model';
import { canonicalArguments } from '../text/canonical-json';
import { RecordError, type CanonicalTurn, type TokenLogprobs } from './canonical';
import { tokenList } from './token-lists';
import { keepRawToolCalls, readToolCalls, type RawToolCall } from './raw-tool-calls';

const ROLE_ALIASES: Record<string, TurnRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
  environment: 'environment',
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Flattens string content or a list of typed parts ({type: 'text', text}) into text. */
export function contentText(content: unknown, where: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part, index) => {
        if (typeof part === 'string') return part;
        if (!isRecord(part)) throw new RecordError(`${where}[${index}]: expected a content part`);
        if (typeof part.text === 'string') return part.text;
        if (typeof part.value === 'string') return part.value;
        if (typeof part.content === 'string') return part.content;
        // Images, audio and other non-text parts are kept as a short marker.
        return `[${String(part.type ?? 'part')}]`;
      })
      .join('');
  }
  throw new RecordError(`${where}: expected a string, a list of parts or null`);
}

function optionalString(value: unknown, where: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new RecordError(`${where}: expected a string`);
}

/** The message's tool calls; entries given as JSON text are decoded, or kept raw (raw-tool-calls.ts). */
function toolCalls(value: unknown, where: string): { calls: ToolCall[]; raw: RawToolCall[] } {
  return readToolCalls(value, where, (call, at, index) => {
    const fn = isRecord(call.function) ? call.function : call;
    if (typeof fn.name !== 'string' || fn.name === '') {
      throw new RecordError(`${at}.function.name: expected a non-empty string`);
    }
    return {
      id: optionalString(call.id, `${at}.id`) ?? `call_${index}`,
      name: fn.name,
      arguments: canonicalArguments(fn.arguments),
    };
  });
}

function logprobsOf(message: Record<string, unknown>, where: string): TokenLogprobs | null {
  const token_ids = tokenList(message.token_ids, `${where}.token_ids`, 'ids');
  const logp_policy = tokenList(message.logp_policy, `${where}.logp_policy`, 'logprobs');
  const logp_ref = tokenList(message.logp_ref, `${where}.logp_ref`, 'logprobs');
  const present = [token_ids, logp_policy, logp_ref].filter((list) => list !== null);
  if (present.length === 0) return null;
  const length = present[0]?.length ?? 0;
  if (present.some((list) => list.length !== length)) {
    throw new RecordError(
      `${where}: token_ids, logp_policy and logp_ref must have equal lengths ` +
        `(got ${token_ids?.length ?? '-'}, ${logp_policy?.length ?? '-'}, ${logp_ref?.length ?? '-'})`,
    );
  }
  return { token_ids, logp_policy, logp_ref };
}

export function messageToTurn(message: unknown, where: string): CanonicalTurn {
  if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
  const rawRole = message.role;
  const role = typeof rawRole === 'string' ? ROLE_ALIASES[rawRole] : undefined;
  if (role === undefined) {
    throw new RecordError(
      `${where}.role: unknown role ${JSON.stringify(rawRole)} (expected one of ${Object.keys(ROLE_ALIASES).join(', ')})`,
    );
  }
  const { calls, raw } = toolCalls(message.tool_calls, `${where}.tool_calls`);
  const logprobs = role === 'assistant' ? logprobsOf(message, where) : null;
  const tokenCount = logprobs?.token_ids?.length ?? logprobs?.logp_policy?.length ?? null;
  const turn: CanonicalTurn = {
    role,
    content: contentText(message.content, `${where}.content`),
    reasoning:
      optionalString(message.reasoning, `${where}.reasoning`) ??
      optionalString(message.reasoning_content, `${where}.reasoning_content`),
    tool_calls: calls,
    tool_call_id: optionalString(message.tool_call_id, `${where}.tool_call_id`),
    is_action: role === 'assistant' && calls.length > 0,
    n_tokens: tokenCount,
    logprobs,
  };
  keepRawToolCalls(turn, raw, `${where}.tool_calls`);
  return turn;
}

export function messagesToTurns(messages: unknown, where: string): CanonicalTurn[] {
  if (!Array.isArray(messages)) throw new RecordError(`${where}: expected a list of messages`);
  if (messages.length === 0) throw new RecordError(`${where}: the message list is empty`);
  return messages.map((message, index) => messageToTurn(message, `${where}[${index}]`));
}
