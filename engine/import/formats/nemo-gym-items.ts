// OpenAI Responses items (NeMo Gym rollouts) -> canonical turns. One model generation (reasoning,
// message, function calls) becomes one assistant turn; function_call_output items are tool turns.
import type { TurnRole } from '../../../shared/model';
import { canonicalArguments } from '../../text/canonical-json';
import { plainTurn, RecordError, type CanonicalTurn } from '../../chat/canonical';
import { contentText, isRecord } from '../../chat/openai-messages';
import { tokenList } from '../../chat/token-lists';
import { decodedToolCall } from '../../chat/raw-tool-calls';
import { functionOutputError } from './nemo-gym-output-error';

const ROLES: Record<string, TurnRole> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

/** Adds an item's generated token ids and policy log-probs (training mode) to its turn. */
function addTokens(target: CanonicalTurn, item: Record<string, unknown>, where: string): void {
  const ids = tokenList(item.generation_token_ids, `${where}.generation_token_ids`, 'ids') ?? [];
  const logps =
    tokenList(item.generation_log_probs, `${where}.generation_log_probs`, 'logprobs') ?? [];
  if (ids.length === 0 && logps.length === 0) return;
  if (logps.length > 0 && ids.length !== logps.length) {
    throw new RecordError(
      `${where}: generation_token_ids and generation_log_probs differ in length (${ids.length} vs ${logps.length})`,
    );
  }
  const previous = target.logprobs;
  target.logprobs = {
    token_ids: [...(previous?.token_ids ?? []), ...ids],
    logp_policy: logps.length > 0 ? [...(previous?.logp_policy ?? []), ...logps] : null,
    logp_ref: null,
  };
  target.n_tokens = target.logprobs.token_ids?.length ?? null;
  const prompt = tokenList(item.prompt_token_ids, `${where}.prompt_token_ids`, 'ids') ?? [];
  if (prompt.length > 0) target.metadata = { ...target.metadata, n_prompt_tokens: prompt.length };
}

function reasoningText(item: Record<string, unknown>, where: string): string {
  const parts = [item.summary, item.content].flatMap((list) => (Array.isArray(list) ? list : []));
  if (parts.length === 0 && typeof item.encrypted_content === 'string')
    return '[encrypted reasoning]';
  return contentText(parts, `${where}.summary`);
}

/** Converts a list of Responses items, appending to `turns` (input and output share one list). */
export function itemsToTurns(items: unknown[], where: string, turns: CanonicalTurn[]): void {
  // The assistant turn that the next reasoning / message / function_call items belong to.
  const state: { open: CanonicalTurn | null } = { open: null };
  const fresh = (): CanonicalTurn => {
    const created = plainTurn('assistant', '');
    turns.push(created);
    state.open = created;
    return created;
  };
  // Reasoning and a message join an open turn only while it has produced nothing visible yet.
  const blank = (): CanonicalTurn | null =>
    state.open !== null && state.open.content === '' && state.open.tool_calls.length === 0
      ? state.open
      : null;
  items.forEach((item, index) => {
    const at = `${where}[${index}]`;
    // An item saved as JSON text (as verifiers saves tool calls) is read as its object.
    const decoded = decodedToolCall(item, index);
    const raw = decoded.ok ? decoded.value : item;
    if (!isRecord(raw)) throw new RecordError(`${at}: expected an item object`);
    const type = typeof raw.type === 'string' ? raw.type : 'message';
    if (type === 'reasoning') {
      const target = blank() ?? fresh();
      const text = reasoningText(raw, at);
      target.reasoning = target.reasoning ? `${target.reasoning}\n${text}` : text;
      addTokens(target, raw, at);
      return;
    }
    if (type === 'function_call') {
      if (typeof raw.name !== 'string' || raw.name === '') {
        throw new RecordError(`${at}.name: expected a non-empty string`);
      }
      const target = state.open ?? fresh();
      const id = [raw.call_id, raw.id].find((v) => typeof v === 'string' && v !== '');
      target.tool_calls.push({
        id: typeof id === 'string' ? id : `call_${index}`,
        name: raw.name,
        arguments: canonicalArguments(raw.arguments),
      });
      target.is_action = true;
      addTokens(target, raw, at);
      return;
    }
    if (type === 'function_call_output') {
      state.open = null;
      const text =
        typeof raw.output === 'string' ? raw.output : contentText(raw.output, `${at}.output`);
      const output = plainTurn('tool', text);
      output.tool_call_id = typeof raw.call_id === 'string' ? raw.call_id : null;
      output.error = functionOutputError(text, raw);
      turns.push(output);
      return;
    }
    if (type !== 'message') throw new RecordError(`${at}.type: unsupported item type "${type}"`);
    const role = typeof raw.role === 'string' ? ROLES[raw.role] : undefined;
    if (role === undefined) {
      throw new RecordError(`${at}.role: unknown role ${JSON.stringify(raw.role)}`);
    }
    const content = contentText(raw.content, `${at}.content`);
    if (role !== 'assistant') {
      state.open = null;
      const plain = plainTurn(role, content);
      if (role === 'tool' && typeof raw.tool_call_id === 'string')
        plain.tool_call_id = raw.tool_call_id;
      turns.push(plain);
      return;
    }
    const target = blank() ?? fresh();
    target.content = content;
    addTokens(target, raw, at);
  });
}
