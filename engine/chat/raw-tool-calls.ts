// Tool calls some writers store as JSON text where an object is usual: verifiers' results.jsonl
// (`sanitize_tool_calls` json.dumps each call), ShareGPT `function_call` turns, message lists
// saved by hand. Text that decodes to an object is read as that object; text that does not is
// kept on its turn and the turn says so (docs/formats/README.md, raw tool calls), so one garbled
// call neither fails its record nor vanishes.
import { RecordError, type CanonicalTurn } from './canonical';
import { parseJsonText } from '../text/json-syntax';

/**
 * The text of a tool call that did not decode, with its position in the message's calls (null:
 * the whole list was text that did not decode).
 */
export interface RawToolCall {
  index: number | null;
  text: string;
}

export type DecodedToolCall = { ok: true; value: unknown } | { ok: false; raw: RawToolCall };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text decoded when it is JSON of an object; any other value is returned as it is. */
export function decodedToolCall(value: unknown, index: number): DecodedToolCall {
  if (typeof value !== 'string') return { ok: true, value };
  const parsed = parseJsonText(value);
  if (parsed.ok && isObject(parsed.value)) return { ok: true, value: parsed.value };
  return { ok: false, raw: { index, text: value } };
}

/**
 * A message's tool calls given as a list or as JSON text of a list (or of one call). Text of the
 * whole list that is not JSON is one raw call; any other value has none (callers that refuse it
 * check first).
 */
export function toolCallEntries(value: unknown): { entries: unknown[]; raw: RawToolCall[] } {
  if (value === '' || typeof value !== 'string') {
    return { entries: Array.isArray(value) ? value : [], raw: [] };
  }
  const parsed = parseJsonText(value);
  if (!parsed.ok) return { entries: [], raw: [{ index: null, text: value }] };
  return { entries: Array.isArray(parsed.value) ? parsed.value : [parsed.value], raw: [] };
}

/**
 * A message's tool calls (a list, or JSON text of one) with each entry decoded: an entry that does
 * not decode is kept raw, one that decodes to a non-object fails the record, and every object is
 * given to the format's `parse` with its path and position. Absent (null) means no calls.
 */
export function readToolCalls<T>(
  value: unknown,
  where: string,
  parse: (call: Record<string, unknown>, at: string, index: number) => T,
): { calls: T[]; raw: RawToolCall[] } {
  if (value === null || value === undefined) return { calls: [], raw: [] };
  if (typeof value !== 'string' && !Array.isArray(value)) {
    throw new RecordError(`${where}: expected a list`);
  }
  const { entries, raw } = toolCallEntries(value);
  const calls: T[] = [];
  entries.forEach((entry, index) => {
    const at = `${where}[${index}]`;
    const decoded = decodedToolCall(entry, index);
    if (!decoded.ok) {
      raw.push(decoded.raw);
      return;
    }
    if (!isObject(decoded.value)) throw new RecordError(`${at}: expected an object`);
    calls.push(parse(decoded.value, at, index));
  });
  return { calls, raw };
}

/**
 * Keeps undecodable calls on their turn: the texts in `metadata.raw_tool_calls`, and a `parsing`
 * error naming them unless the format recorded an error of its own. An assistant turn that tried
 * a call is still an action.
 */
export function keepRawToolCalls(turn: CanonicalTurn, raw: RawToolCall[], where: string): void {
  if (raw.length === 0) return;
  turn.metadata = { ...(turn.metadata ?? {}), raw_tool_calls: raw };
  if (turn.role === 'assistant') turn.is_action = true;
  if (turn.error != null) return;
  const positions = raw
    .map((call) => (call.index === null ? where : `${where}[${call.index}]`))
    .join(', ');
  turn.error = {
    kind: 'parsing',
    message: `${positions}: not a JSON tool call; the text is kept in metadata.raw_tool_calls`,
    exit_code: null,
  };
}

/** Adds facts to a turn's metadata, keeping what a reader put there before (raw tool calls). */
export function addTurnMetadata(turn: CanonicalTurn, facts: Record<string, unknown>): void {
  const merged = { ...(turn.metadata ?? {}), ...facts };
  turn.metadata = Object.keys(merged).length > 0 ? merged : null;
}
