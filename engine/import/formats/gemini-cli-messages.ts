// Gemini CLI session messages -> canonical turns (docs/formats/gemini-cli.md): a `gemini` message
// is an assistant turn whose recorded tool calls carry their own results, which follow it as tool
// turns; the user messages that only hand those results back to the model are not repeated.
import type { TurnError } from '../../../shared/model';
import { canonicalArguments, canonicalJson } from '../../text/canonical-json';
import { RecordError, type CanonicalTurn, plainTurn } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { exitCodeError, statusError } from '../turn-error';

/** Text the CLI injects as a user message before the first prompt; it is not the user's. */
const CONTEXT_PREFIXES = ['<session_context>', '<hook_context>'];
const ENVIRONMENT_TYPES = new Set(['info', 'warning', 'error']);
/** The shell tool's own result line (run_shell_command: "Exit Code: 1"). */
const EXIT_CODE_LINE = /^Exit Code: (-?\d+)\s*$/m;

function partText(part: unknown, where: string): string {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) throw new RecordError(`${where}: expected a part object`);
  if (typeof part.text === 'string') return part.text;
  if (isRecord(part.functionResponse)) return responseText(part.functionResponse.response);
  if (isRecord(part.functionCall)) return '';
  // inlineData, fileData and the like stay visible as a marker, never as bytes.
  return `[${Object.keys(part)[0] ?? 'part'}]`;
}

/** A PartListUnion (a string, one part or a list of parts) as text. */
export function partsText(content: unknown, where: string): string {
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) return content.map((p, i) => partText(p, `${where}[${i}]`)).join('');
  return partText(content, where);
}

function responseText(response: unknown): string {
  if (!isRecord(response)) return response === undefined ? '' : canonicalJson(response);
  if (typeof response.output === 'string') return response.output;
  if (typeof response.error === 'string') return response.error;
  return canonicalJson(response);
}

function functionResponseIds(content: unknown): string[] | null {
  const parts = Array.isArray(content) ? content : [content];
  const ids: string[] = [];
  for (const part of parts) {
    if (!isRecord(part) || !isRecord(part.functionResponse)) return null;
    ids.push(String(part.functionResponse.id ?? ''));
  }
  return ids.length > 0 ? ids : null;
}

function reasoningOf(thoughts: unknown, where: string): string | null {
  if (thoughts === undefined || thoughts === null) return null;
  if (!Array.isArray(thoughts)) throw new RecordError(`${where}.thoughts: expected a list`);
  const texts = thoughts.map((thought, i) => {
    if (!isRecord(thought)) throw new RecordError(`${where}.thoughts[${i}]: expected an object`);
    const subject = typeof thought.subject === 'string' ? thought.subject : '';
    const description = typeof thought.description === 'string' ? thought.description : '';
    return subject !== '' ? `**${subject}**\n${description}` : description;
  });
  return texts.length > 0 ? texts.join('\n\n') : null;
}

function toolError(call: Record<string, unknown>, text: string): TurnError | null {
  if (call.status === 'error') return statusError(text);
  if (call.status === 'cancelled')
    return { kind: 'approval', message: 'cancelled', exit_code: null };
  if (call.name !== 'run_shell_command') return null;
  const code = EXIT_CODE_LINE.exec(text);
  return code ? exitCodeError(Number(code[1])) : null;
}

function toolTurn(call: Record<string, unknown>, id: string, where: string): CanonicalTurn {
  const text = partsText(call.result, `${where}.result`);
  const turn = plainTurn('tool', text);
  turn.tool_call_id = id;
  turn.error = toolError(call, text);
  const metadata: Record<string, unknown> = { status: call.status };
  for (const [key, out] of [
    ['timestamp', 'timestamp'],
    ['displayName', 'display_name'],
    ['agentId', 'agent_id'],
  ] as const) {
    if (typeof call[key] === 'string') metadata[out] = call[key];
  }
  turn.metadata = metadata;
  return turn;
}

function modelCall(message: Record<string, unknown>): Record<string, unknown> | null {
  const tokens = isRecord(message.tokens) ? message.tokens : null;
  if (tokens === null && typeof message.model !== 'string') return null;
  return {
    model: message.model ?? null,
    usage: tokens && {
      input_tokens: tokens.input,
      output_tokens: tokens.output,
      input_tokens_cache_read: tokens.cached,
      reasoning_tokens: tokens.thoughts,
      total_tokens: tokens.total,
    },
  };
}

function geminiTurns(message: Record<string, unknown>, where: string): CanonicalTurn[] {
  const turn = plainTurn('assistant', partsText(message.content, `${where}.content`));
  turn.reasoning = reasoningOf(message.thoughts, where);
  const calls = message.toolCalls ?? [];
  if (!Array.isArray(calls)) throw new RecordError(`${where}.toolCalls: expected a list`);
  const results: CanonicalTurn[] = [];
  turn.tool_calls = calls.map((call, i) => {
    const at = `${where}.toolCalls[${i}]`;
    if (!isRecord(call)) throw new RecordError(`${at}: expected an object`);
    if (typeof call.name !== 'string' || call.name === '') {
      throw new RecordError(`${at}.name: expected a non-empty string`);
    }
    const id = typeof call.id === 'string' && call.id !== '' ? call.id : `call_${i}`;
    results.push(toolTurn(call, id, at));
    return { id, name: call.name, arguments: canonicalArguments(call.args ?? {}) };
  });
  turn.is_action = turn.tool_calls.length > 0;
  const tokens = isRecord(message.tokens) ? message.tokens.output : undefined;
  turn.n_tokens = typeof tokens === 'number' && Number.isInteger(tokens) ? tokens : null;
  const call = modelCall(message);
  turn.metadata = { message_id: message.id, timestamp: message.timestamp };
  if (call !== null) turn.metadata.model_call = call;
  return [turn, ...results];
}

/**
 * One message's turns. `answered` holds the ids of the tool calls already recorded with their
 * result: a user message that only returns those results adds nothing and yields no turn.
 */
export function messageTurns(
  message: unknown,
  where: string,
  answered: Set<string>,
): CanonicalTurn[] {
  if (!isRecord(message)) throw new RecordError(`${where}: expected a message object`);
  const { type } = message;
  if (type === 'gemini') {
    const turns = geminiTurns(message, where);
    for (const turn of turns) if (turn.tool_call_id !== null) answered.add(turn.tool_call_id);
    return turns;
  }
  const text = partsText(message.content, `${where}.content`);
  const meta = { message_id: message.id, timestamp: message.timestamp };
  if (type === 'user') {
    const ids = functionResponseIds(message.content);
    if (ids !== null && ids.every((id) => answered.has(id))) return [];
    if (ids !== null) {
      // Results of calls the file did not record as tool calls: kept as tool turns.
      const parts = Array.isArray(message.content) ? message.content : [message.content];
      return parts.map((part, i) => {
        const turn = plainTurn('tool', partText(part, `${where}.content[${i}]`));
        turn.tool_call_id = ids[i] ?? null;
        turn.metadata = meta;
        return turn;
      });
    }
    const injected = CONTEXT_PREFIXES.some((prefix) => text.trimStart().startsWith(prefix));
    return [{ ...plainTurn(injected ? 'system' : 'user', text), metadata: meta }];
  }
  if (typeof type === 'string' && ENVIRONMENT_TYPES.has(type)) {
    const turn = plainTurn('environment', text);
    turn.metadata = { ...meta, type };
    if (type === 'error') turn.error = statusError(text);
    return [turn];
  }
  throw new RecordError(`${where}.type: expected user, gemini, info, warning or error`);
}
