// ShareGPT / LLaMA-Factory messages -> canonical turns. Tolerates mixed key styles inside one
// conversation ({from, value}, {role, content}, {from, content}) and LLaMA-Factory v1 typed
// content parts ({type: text|reasoning|tool_call, value}).
import type { ToolCall, TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { RecordError, type CanonicalTurn, plainTurn } from '../../chat/canonical';
import { parseJsonText } from '../../text/json-syntax';
import { isRecord } from '../../chat/openai-messages';
import { markTextActions } from './openai-chat-actions';
import { keepRawToolCalls, type RawToolCall } from '../../chat/raw-tool-calls';

type Kind = TurnRole | 'function_call';

const KINDS: Record<string, Kind> = {
  system: 'system',
  human: 'user',
  user: 'user',
  gpt: 'assistant',
  assistant: 'assistant',
  model: 'assistant',
  bot: 'assistant',
  chatgpt: 'assistant',
  function_call: 'function_call',
  tool_call: 'function_call',
  observation: 'tool',
  tool: 'tool',
  function: 'tool',
  ipython: 'tool',
  environment: 'environment',
};

interface Parts {
  text: string;
  reasoning: string | null;
  calls: string[];
}

function partsOf(body: unknown, where: string): Parts {
  if (body === null || body === undefined) return { text: '', reasoning: null, calls: [] };
  if (typeof body === 'string') return { text: body, reasoning: null, calls: [] };
  if (!Array.isArray(body)) throw new RecordError(`${where}: expected text or a list of parts`);
  const text: string[] = [];
  const reasoning: string[] = [];
  const calls: string[] = [];
  body.forEach((part, index) => {
    if (typeof part === 'string') return void text.push(part);
    if (!isRecord(part)) throw new RecordError(`${where}[${index}]: expected a content part`);
    const raw = part.value ?? part.text ?? part.content;
    const value =
      typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
    const type = typeof part.type === 'string' ? part.type : 'text';
    if (type === 'text') text.push(value);
    else if (type === 'reasoning' || type === 'thinking') reasoning.push(value);
    else if (type === 'tool_call' || type === 'function_call') calls.push(value);
    else text.push(`[${type}]`);
  });
  return {
    text: text.join(''),
    reasoning: reasoning.length > 0 ? reasoning.join('\n') : null,
    calls,
  };
}

/**
 * function_call text: JSON of {name, arguments}, or a list of them (parallel calls); null when the
 * text is not JSON (kept raw on the turn).
 */
function parseCalls(text: string, where: string): { name: string; arguments: unknown }[] | null {
  const json = parseJsonText(text);
  if (!json.ok) return null;
  const parsed = json.value;
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((call, index) => {
    const at = Array.isArray(parsed) ? `${where}[${index}]` : where;
    const fn = isRecord(call) && isRecord(call.function) ? call.function : call;
    if (!isRecord(fn) || typeof fn.name !== 'string' || fn.name === '') {
      throw new RecordError(`${at}.name: expected a tool call {name, arguments}`);
    }
    return { name: fn.name, arguments: fn.arguments ?? fn.parameters ?? {} };
  });
}

/** Converts one conversation; `where` names the list (e.g. "conversations"). */
export function sharegptTurns(
  list: unknown[],
  where: string,
  system: string | null,
): CanonicalTurn[] {
  const turns: CanonicalTurn[] = system ? [plainTurn('system', system)] : [];
  let pending: string[] = [];
  list.forEach((message, index) => {
    const at = `${where}[${index}]`;
    if (!isRecord(message)) throw new RecordError(`${at}: expected a message object`);
    const rawRole = message.from ?? message.role;
    const kind = typeof rawRole === 'string' ? KINDS[rawRole.toLowerCase()] : undefined;
    if (kind === undefined) {
      throw new RecordError(
        `${at}.from: unknown role ${JSON.stringify(rawRole)} (expected one of ${Object.keys(KINDS).join(', ')})`,
      );
    }
    const bodyKey = message.value !== undefined ? 'value' : 'content';
    const parts = partsOf(message[bodyKey], `${at}.${bodyKey}`);
    const role: TurnRole = kind === 'function_call' ? 'assistant' : kind;
    const turn = plainTurn(role, kind === 'function_call' ? '' : parts.text);
    turn.reasoning = parts.reasoning;
    const callTexts = kind === 'function_call' ? [parts.text, ...parts.calls] : parts.calls;
    const raw: RawToolCall[] = [];
    if (role === 'assistant' && callTexts.length > 0) {
      const calls: ToolCall[] = callTexts
        .flatMap((text, k) => {
          const parsed = parseCalls(text, `${at}.${bodyKey}`);
          if (parsed === null) raw.push({ index: callTexts.length === 1 ? null : k, text });
          return parsed ?? [];
        })
        .map((call, k) => ({
          id: `call_${index}_${k}`,
          name: call.name,
          arguments: canonicalArguments(call.arguments),
        }));
      turn.tool_calls = calls;
      turn.is_action = true;
      pending = calls.map((call) => call.id);
    }
    // An observation answers the oldest call not yet answered.
    if (role === 'tool') turn.tool_call_id = pending.shift() ?? null;
    if (typeof message.loss === 'boolean') turn.metadata = { loss: message.loss };
    keepRawToolCalls(turn, raw, `${at}.${bodyKey}`);
    turns.push(turn);
  });
  return observationsAsEnvironment(markTextActions(turns));
}

/** ReAct logs send observations as user text "Observation: ..." after a text action. */
function observationsAsEnvironment(turns: CanonicalTurn[]): CanonicalTurn[] {
  return turns.map((turn, index) => {
    const previous = turns[index - 1];
    if (turn.role !== 'user' || !previous?.is_action || previous.tool_calls.length > 0) return turn;
    if (!/^\s*Observation\s*:/.test(turn.content)) return turn;
    return {
      ...turn,
      role: 'environment',
      metadata: { ...(turn.metadata ?? {}), original_role: 'user' },
    };
  });
}
