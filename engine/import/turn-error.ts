// Turn errors as the readers record them (docs/ARCHITECTURE.md, the workspace): a closed set of
// kinds, so the explorer can filter on them and the SQL console can group by them.
import { TURN_ERROR_KINDS, type TurnError, type TurnErrorKind } from '../../shared/model';
import { RecordError } from '../chat/canonical';
import { isRecord } from '../chat/openai-messages';

function isKind(value: unknown): value is TurnErrorKind {
  return typeof value === 'string' && (TURN_ERROR_KINDS as readonly string[]).includes(value);
}

/** An Inspect ToolCallError `{type, message}`; an unlisted type is kept as `unknown`. */
export function inspectToolError(value: unknown): TurnError | null {
  if (!isRecord(value)) return null;
  return {
    kind: isKind(value.type) && value.type !== 'exit_code' ? value.type : 'unknown',
    message: typeof value.message === 'string' ? value.message : null,
    exit_code: null,
  };
}

/** A command's exit code: an error only when it is a non-zero integer. */
export function exitCodeError(value: unknown, message: string | null = null): TurnError | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value === 0) return null;
  return { kind: 'exit_code', message, exit_code: value };
}

/** Characters of a text kept as an error's message; the turn keeps the whole text as content. */
const ERROR_MESSAGE_CHARS = 500;

/** A format's generic error status, its text cut to ERROR_MESSAGE_CHARS as the message. */
export function statusError(text: string): TurnError {
  return { kind: 'error', message: text.slice(0, ERROR_MESSAGE_CHARS), exit_code: null };
}

/**
 * A message's own `error` as the turnwise format writes it: the turns.error shape
 * `{kind, message?, exit_code?}`, or Inspect's ToolCallError `{type, message}`. Null when absent.
 * Throws on anything else, so a bad field is a bad record with its path.
 */
export function declaredError(value: unknown, where: string): TurnError | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value))
    throw new RecordError(`${where}: expected an object {kind, message, exit_code}`);
  if (value.kind === undefined) return inspectToolError(value);
  if (!isKind(value.kind)) {
    throw new RecordError(`${where}.kind: expected one of ${TURN_ERROR_KINDS.join(', ')}`);
  }
  const message = value.message ?? null;
  const exit = value.exit_code ?? null;
  if (message !== null && typeof message !== 'string') {
    throw new RecordError(`${where}.message: expected a string`);
  }
  if (exit !== null && !Number.isInteger(exit)) {
    throw new RecordError(`${where}.exit_code: expected an integer`);
  }
  return { kind: value.kind, message, exit_code: exit as number | null };
}
