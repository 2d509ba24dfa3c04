// The error a NeMo Gym function_call_output carries (docs/formats/nemo-gym.md). Agents wrapped by
// anyswe report it in their own ways: Hermes tools answer a JSON object with `exit_code` or `error`,
// Claude Code wraps a refused call in <tool_use_error>; the Responses item itself may be incomplete.
import type { TurnError } from '../../../shared/model';
import { isRecord } from '../../chat/openai-messages';
import { exitCodeError, statusError } from '../turn-error';

const TOOL_USE_ERROR = /^\s*<tool_use_error>([\s\S]*?)(?:<\/tool_use_error>\s*)?$/;

function jsonObject(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function errorText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (isRecord(value) && typeof value.message === 'string' && value.message !== '')
    return value.message;
  return null;
}

/** The error of one function_call_output item, from its output text and its item status. */
export function functionOutputError(
  output: string,
  item: Record<string, unknown>,
): TurnError | null {
  const wrapped = TOOL_USE_ERROR.exec(output);
  if (wrapped) return statusError((wrapped[1] ?? '').trim());
  const fields = jsonObject(output);
  if (fields !== null) {
    const text = [fields.output, fields.stderr, fields.content].find((v) => typeof v === 'string');
    const exit = exitCodeError(fields.exit_code ?? fields.returncode, null);
    if (exit !== null) {
      const message = errorText(fields.error) ?? (typeof text === 'string' ? text : null);
      return { ...exit, message: message === null ? null : statusError(message).message };
    }
    const error = errorText(fields.error);
    if (error !== null) return statusError(error);
    if (fields.status === 'error' || fields.success === false) {
      return statusError(errorText(fields.message) ?? (typeof text === 'string' ? text : output));
    }
  }
  if (item.status === 'incomplete') return { kind: 'limit', message: null, exit_code: null };
  return null;
}
