// One judge call through an OpenAI-compatible chat endpoint (vLLM, SGLang, Ollama, hosted APIs):
// a JSON-schema answer, retries with exponential backoff and jitter on 429/5xx/network errors
// (Retry-After honoured), a per-request timeout, and cancellation of in-flight requests.
import { JudgeAnswerSchema, type JudgeAnswer } from '../../../shared/api-judge';
import { ROLE_LABELS } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import { unreachableEndpoint } from '../endpoints/unreachable';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface JudgeClientOptions {
  /** The full chat completions URL (see chatCompletionsUrl). */
  url: string;
  model: string;
  /** Sent as a bearer token when set; never logged or stored. */
  apiKey: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  /** Backoff before retry n (0-based): up to min(maxDelayMs, baseDelayMs * 2^n), jittered. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface Usage {
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
}

export type JudgeOutcome =
  { ok: true; answer: JudgeAnswer; usage: Usage } | { ok: false; reason: string; usage: Usage };

const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);
/** The endpoint, model or key is wrong: every request would fail the same way. */
const FATAL_STATUS = new Set([401, 403, 404]);
const MAX_RETRY_AFTER_MS = 120_000;
/** An answer that does not match the schema is asked for once more, then recorded as a failure. */
const ANSWER_ATTEMPTS = 2;

export const ANSWER_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'triage_segment_role',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        role: { type: 'string', enum: [...ROLE_LABELS] },
        rationale: { type: 'string', description: 'One or two sentences citing the evidence.' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
      },
      required: ['role', 'rationale', 'confidence'],
      additionalProperties: false,
    },
  },
} as const;

/** `…/v1` becomes `…/v1/chat/completions`; a URL already ending so is kept. */
export function chatCompletionsUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
}

type Attempt =
  | { kind: 'answered'; body: unknown }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'rejected'; reason: string };

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

async function postOnce(
  options: JudgeClientOptions,
  body: string,
  signal: AbortSignal,
): Promise<Attempt> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
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
        };
      }
    }
    const reason = `HTTP ${response.status}: ${redact(text.trim(), options.apiKey)}`;
    if (FATAL_STATUS.has(response.status)) {
      throw new TurnwiseError('invalid_input', `${options.url} answered ${reason}`);
    }
    if (RETRYABLE_STATUS.has(response.status) || response.status >= 500) {
      return { kind: 'retry', reason, retryAfterMs: retryAfterMs(response.headers) };
    }
    return { kind: 'rejected', reason };
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
async function requestWithRetries(
  options: JudgeClientOptions,
  body: string,
  signal: AbortSignal,
  usage: Usage,
): Promise<{ ok: true; body: unknown } | { ok: false; reason: string }> {
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 30_000;
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw cancelled();
    usage.requests++;
    const result = await postOnce(options, body, signal);
    if (result.kind === 'answered') return { ok: true, body: result.body };
    if (result.kind === 'rejected') return { ok: false, reason: result.reason };
    if (attempt >= options.maxRetries) {
      return { ok: false, reason: `gave up after ${attempt + 1} attempts: ${result.reason}` };
    }
    const backoff = Math.min(cap, base * 2 ** attempt) * (0.5 + Math.random() * 0.5);
    const wait =
      result.retryAfterMs === null ? backoff : Math.min(MAX_RETRY_AFTER_MS, result.retryAfterMs);
    await sleep(wait, signal);
  }
}

interface ChatResponse {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The answer in a chat completion, or why it is not a valid one. */
export function parseAnswer(
  body: unknown,
): { ok: true; answer: JudgeAnswer } | { ok: false; reason: string } {
  const choice = (body as ChatResponse | null)?.choices?.[0];
  if (choice === undefined) return { ok: false, reason: 'the response has no choices' };
  const message = choice.message;
  if (typeof message?.refusal === 'string' && message.refusal !== '') {
    return { ok: false, reason: `the model refused: ${message.refusal.slice(0, 300)}` };
  }
  if (typeof message?.content !== 'string' || message.content.trim() === '') {
    return { ok: false, reason: 'the answer is empty' };
  }
  if (choice.finish_reason === 'length') {
    return { ok: false, reason: 'the answer was cut off (finish_reason length)' };
  }
  // Servers without schema enforcement sometimes fence the JSON.
  const text = message.content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: `the answer is not JSON: ${text.slice(0, 200)}` };
  }
  const checked = JudgeAnswerSchema.safeParse(parsed);
  if (!checked.success) {
    const issues = checked.error.issues.map(
      (i) => `${i.path.join('.') || '(answer)'}: ${i.message}`,
    );
    return { ok: false, reason: `the answer does not match the schema: ${issues.join('; ')}` };
  }
  return { ok: true, answer: checked.data };
}

/**
 * Asks the judge about one segment. Transport failures and invalid answers come back as
 * `{ok: false}` (the segment gets no label); a wrong URL, model or key (401/403/404) and
 * cancellation throw, since every other request would fail the same way.
 */
export async function judgeSegment(
  options: JudgeClientOptions,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<JudgeOutcome> {
  const usage: Usage = { requests: 0, prompt_tokens: 0, completion_tokens: 0 };
  const body = JSON.stringify({
    model: options.model,
    messages,
    temperature: 0,
    response_format: ANSWER_RESPONSE_FORMAT,
  });
  let reason = '';
  for (let attempt = 0; attempt < ANSWER_ATTEMPTS; attempt++) {
    const response = await requestWithRetries(options, body, signal, usage);
    if (!response.ok) return { ok: false, reason: response.reason, usage };
    const tokens = (response.body as ChatResponse | null)?.usage;
    usage.prompt_tokens += count(tokens?.prompt_tokens);
    usage.completion_tokens += count(tokens?.completion_tokens);
    const parsed = parseAnswer(response.body);
    if (parsed.ok) return { ok: true, answer: parsed.answer, usage };
    reason = parsed.reason;
  }
  return { ok: false, reason: `invalid answer twice: ${reason}`, usage };
}
