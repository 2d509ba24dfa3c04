// Result envelopes: every API call answers with one of these, so errors never rely on crossing IPC.
import * as z from 'zod';

export const ERROR_CODES = [
  'bad_request', // the request did not match the method's schema
  'unknown_method',
  'unauthorized',
  'not_found',
  'invalid_input', // a file or value the user supplied is malformed
  'read_only', // a write was attempted where only reads are allowed
  'duplicate', // the same content was imported before
  'schema_too_new', // the workspace was written by a newer Turnwise
  'cancelled',
  'timeout', // a query ran past its time limit and was stopped
  'resource_limit', // a query needed more memory than it may use and was stopped
  'io', // a file could not be read or written
  'unavailable', // no workspace is open right now (e.g. while the app switches workspaces)
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Optional structured detail, e.g. the records skipped by an import. */
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
  return {
    ok: false,
    error: details === undefined ? { code, message } : { code, message, details },
  };
}

/** An error that carries a typed code; the engine throws these and dispatch turns them into results. */
export class TurnwiseError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'TurnwiseError';
  }
}
