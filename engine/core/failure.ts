// What an exception means as an API error. Light on purpose (no API contract): the reading
// threads of an import use it as well as the dispatch, the engine's worker and the job runner.
import { fail, TurnwiseError, type ApiError, type Result } from '../../shared/result';

/** Node says ENOSPC, DuckDB says it in words; either way the user needs to hear "disk full". */
function isDiskFull(error: unknown, message: string): boolean {
  return (
    (error as NodeJS.ErrnoException | null)?.code === 'ENOSPC' ||
    /no space left on device/i.test(message)
  );
}

export function toFailure(error: unknown): Result<never> {
  if (error instanceof TurnwiseError) return fail(error.code, error.message, error.details);
  const message = error instanceof Error ? error.message : String(error);
  if (isDiskFull(error, message)) {
    return fail('io', `disk full: free some space and try again (${message})`);
  }
  return fail('internal', message);
}

/** The API error of an exception, for a message between threads. */
export function apiErrorOf(error: unknown): ApiError {
  const failure = toFailure(error);
  return failure.ok ? { code: 'internal', message: String(error) } : failure.error;
}
