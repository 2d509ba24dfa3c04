// The judge's HTTP exchange with an OpenAI-style chat endpoint: the key in the header the server
// kind expects, a timeout per request, retries with exponential backoff and jitter on 429, 5xx
// and network errors (Retry-After honoured), and the answers that end a run at once: a wrong URL,
// model or key (401/403/404), an unreachable server, an account out of quota.
import { TurnwiseError } from '../../shared/result';
import type { ServerProfile } from '../../shared/server-profiles';
import { unreachableEndpoint } from '../endpoints/unreachable';
import type { JudgeClientOptions, Usage } from './judge-client';

const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
/** The endpoint, model or key is wrong: every request would fail the same way. */
const FATAL_STATUS = new Set([401, 403, 404]);
const MAX_RETRY_AFTER_MS = 120_000;
type Attempt =
  | { kind: 'answered'; body: unknown }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'rejected'; reason: string; refusedTemperature: boolean };

/** The parsed error of an OpenAI-style error body ({error: {message, type, param, code}}). */
function errorFields(text: string): {
  type?: unknown;
  param?: unknown;
  code?: unknown;
  message?: unknown;
} {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'object' && body.error !== null ? body.error : {};
  } catch {
    return {};
  }
}

/** A 400 that refuses the temperature: OpenAI's reasoning models take only the default. */
function refusesTemperature(text: string): boolean {
  const error = errorFields(text);
  if (error.param === 'temperature') return true;
  return (
    typeof error.message === 'string' &&
    /'?temperature'? (is not|does not) support/i.test(error.message)
  );
}

function cancelled(): TurnwiseError {
  return new TurnwiseError('cancelled', 'judge cancelled');
}

/** Retry-After in seconds or as an HTTP date; OpenAI also sends retry-after-ms. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function redact(text: string, apiKey: string | undefined): string {
  const short = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  return apiKey ? short.split(apiKey).join('***') : short;
}

/** The key's header: Azure OpenAI's own api-key, a bearer token everywhere else. */
export function keyHeaders(
  server: ServerProfile,
  apiKey: string | undefined,
): Record<string, string> {
  if (!apiKey) return {};
  return server === 'azure' ? { 'api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}

async function postOnce(
  options: JudgeClientOptions,
  body: string,
  signal: AbortSignal,
): Promise<Attempt> {
  const headers = {
    'content-type': 'application/json',
    ...keyHeaders(options.server, options.apiKey),
  };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.any([signal, timeout]),
    });
    const text = await response.text();
    if (response.ok) {
      try {
        return { kind: 'answered', body: JSON.parse(text) as unknown };
      } catch {
        return {
          kind: 'rejected',
          reason: `the endpoint answered non-JSON: ${redact(text, options.apiKey)}`,
          refusedTemperature: false,
        };
      }
    }
    const reason = `HTTP ${response.status}: ${redact(text.trim(), options.apiKey)}`;
    if (FATAL_STATUS.has(response.status)) {
      throw new TurnwiseError('invalid_input', `${options.url} answered ${reason}`);
    }
    if (response.status === 429 && errorFields(text).code === 'insufficient_quota') {
      throw new TurnwiseError(
        'invalid_input',
        `${options.url}: the account behind the API key has no quota left (insufficient_quota); ` +
          'waiting does not help: add credit or use another key',
      );
    }
    if (RETRYABLE_STATUS.has(response.status) || response.status >= 500) {
      return { kind: 'retry', reason, retryAfterMs: retryAfterMs(response.headers) };
    }
    return { kind: 'rejected', reason, refusedTemperature: refusesTemperature(text) };
  } catch (error) {
    if (error instanceof TurnwiseError) throw error;
    if (signal.aborted) throw cancelled();
    if (timeout.aborted) {
      return {
        kind: 'retry',
        reason: `no answer within ${options.timeoutMs} ms`,
        retryAfterMs: null,
      };
    }
    const unreachable = unreachableEndpoint(options.url, error);
    if (unreachable !== null) throw unreachable;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    return { kind: 'retry', reason: `network error: ${detail}`, retryAfterMs: null };
  }
}

/** One HTTP exchange with retries; the parsed response body, or why there is none. */
export async function requestWithRetries(
  options: JudgeClientOptions,
  body: string,
  signal: AbortSignal,
  usage: Usage,
): Promise<
  { ok: true; body: unknown } | { ok: false; reason: string; refusedTemperature: boolean }
> {
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 30_000;
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw cancelled();
    usage.requests++;
    const result = await postOnce(options, body, signal);
    if (result.kind === 'answered') return { ok: true, body: result.body };
    if (result.kind === 'rejected') return { ok: false, ...result };
    if (attempt >= options.maxRetries) {
      const reason = `gave up after ${attempt + 1} attempts: ${result.reason}`;
      return { ok: false, reason, refusedTemperature: false };
    }
    const backoff = Math.min(cap, base * 2 ** attempt) * (0.5 + Math.random() * 0.5);
    const wait =
      result.retryAfterMs === null ? backoff : Math.min(MAX_RETRY_AFTER_MS, result.retryAfterMs);
    await sleep(wait, signal);
  }
}
