// Turns anything thrown or returned by a transport into a Result error, so callers only ever see
// Result values and never unhandled rejections.
import { ERROR_CODES, type ApiError, type ErrorCode, type Result } from '../../shared/result';

export function failure<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
  const error: ApiError = details === undefined ? { code, message } : { code, message, details };
  return { ok: false, error };
}

export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  return String(thrown);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Accepts a parsed JSON body only if it is a well-formed Result envelope. */
export function asResult<T>(body: unknown): Result<T> | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (record.ok === true && 'value' in record) return { ok: true, value: record.value as T };
  if (record.ok === false && typeof record.error === 'object' && record.error !== null) {
    const error = record.error as Record<string, unknown>;
    const code = isErrorCode(error.code) ? error.code : 'internal';
    const message = typeof error.message === 'string' ? error.message : 'Unknown error';
    return failure(code, message, error.details);
  }
  return null;
}
