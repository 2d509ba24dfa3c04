// One JSON request to a scoring server: a timeout per request, the job's cancel signal, and
// retries with exponential backoff (or the server's Retry-After) on 429, 5xx, timeouts and
// network errors. An unreachable server fails at once; an answer of the wrong shape names the
// field and the server kind the client took it for.
import type { z } from 'zod';
import { TurnwiseError } from '../../shared/result';
import { SERVER_LABELS, type ServerProfile } from '../../shared/server-profiles';
import { unreachableEndpoint } from '../endpoints/unreachable';
import { errorMessageOf } from './vllm-responses';

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses that refuse this one request (too long, a template error), not the endpoint. */
const REQUEST_SPECIFIC_STATUSES = new Set([400, 413, 422]);
const MAX_BACKOFF_MS = 30_000;

/** An endpoint's answer that is not a result; `requestSpecific` ones fail one trajectory only. */
export class EndpointError extends Error {
  override readonly name = 'EndpointError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }

  get requestSpecific(): boolean {
    return this.status !== null && REQUEST_SPECIFIC_STATUSES.has(this.status);
  }
}

export interface ClientOptions {
  timeoutMs: number;
  maxRetries: number;
  signal: AbortSignal;
  /** First backoff delay; doubled on each retry (with jitter). */
  retryBaseMs?: number;
  onRetry?: () => void;
  onRequest?: () => void;
}

export interface JsonRequest<S extends z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  input: unknown;
  schema: S;
  apiKey: string | undefined;
  server: ServerProfile;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** The parsed answer and the response headers (they tell servers apart). */
export async function requestJson<S extends z.ZodType>(
  request: JsonRequest<S>,
  options: ClientOptions,
): Promise<{ body: z.output<S>; headers: Headers }> {
  const { method, url, input } = request;
  const { signal, maxRetries, timeoutMs } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input !== undefined) headers['content-type'] = 'application/json';
  if (request.apiKey) headers.authorization = `Bearer ${request.apiKey}`;
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) throw new TurnwiseError('cancelled', 'score cancelled');
    options.onRequest?.();
    let failure: EndpointError;
    let waitMs: number | null = null;
    try {
      const response = await fetch(url, {
        method,
        headers,
        body: input === undefined ? undefined : JSON.stringify(input),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      const text = await response.text();
      if (response.ok) return { body: parseBody(request, text), headers: response.headers };
      failure = new EndpointError(
        `${method} ${url}: HTTP ${response.status}: ${errorMessageOf(text)}`,
        response.status,
      );
      if (!RETRYABLE_STATUSES.has(response.status)) throw failure;
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.headers.has('retry-after') && Number.isFinite(retryAfter))
        waitMs = retryAfter * 1000;
    } catch (error) {
      if (signal.aborted) throw new TurnwiseError('cancelled', 'score cancelled');
      if (error instanceof EndpointError || error instanceof TurnwiseError) throw error;
      const unreachable = unreachableEndpoint(url, error);
      if (unreachable !== null) throw unreachable;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause =
        error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      failure = new EndpointError(
        timedOut
          ? `${method} ${url}: no answer within ${timeoutMs / 1000} s`
          : `${method} ${url}: ${error instanceof Error ? error.message : String(error)}${cause}`,
        null,
      );
    }
    if (attempt >= maxRetries) throw failure;
    const base = (options.retryBaseMs ?? 500) * 2 ** attempt;
    options.onRetry?.();
    await sleep(Math.min(MAX_BACKOFF_MS, waitMs ?? base * (0.75 + Math.random() / 2)), signal);
  }
}

function parseBody<S extends z.ZodType>(request: JsonRequest<S>, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EndpointError(
      `${request.url}: the answer is not JSON: ${errorMessageOf(text)}`,
      null,
    );
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'invalid';
    throw new EndpointError(
      `${request.url}: unexpected answer (${where}); is this a ${SERVER_LABELS[request.server]} server?`,
      null,
    );
  }
  return parsed.data;
}
