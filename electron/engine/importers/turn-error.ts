// Turn errors as the readers record them (docs/ARCHITECTURE.md, the workspace): a closed set of
// kinds, so the explorer can filter on them and the SQL console can group by them.
import { TURN_ERROR_KINDS, type TurnError, type TurnErrorKind } from '../../../shared/model';
import { isRecord } from './openai-messages';

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
