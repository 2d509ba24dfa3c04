// Whether a failed fetch means the endpoint is not there at all: nothing listens on the port or
// the host name does not resolve. Retrying such a request only delays the same answer (a judge run
// against a stopped server made 40 requests over 23 s), so the clients fail at once on it, while
// resets, timeouts and 5xx answers are still retried.
import { TurnwiseError } from '../../shared/result';

const UNREACHABLE = new Map([
  ['ECONNREFUSED', 'nothing is listening there'],
  ['ENOTFOUND', 'the host name does not resolve'],
]);

/** The fatal error for a fetch that failed because `url` is unreachable, or null. */
export function unreachableEndpoint(url: string, error: unknown): TurnwiseError | null {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const why = typeof code === 'string' ? UNREACHABLE.get(code) : undefined;
  if (why === undefined) return null;
  return new TurnwiseError(
    'invalid_input',
    `cannot reach ${url}: ${why} (${String(code)}); check the URL and that the server is running`,
  );
}
