// A client for the slice of vLLM's OpenAI-compatible server that scoring uses: /v1/models,
// /tokenize and /v1/completions with token-id prompts and prompt log-probs. Every request has a
// timeout, honours the job's cancel signal, and is retried with exponential backoff (or the
// server's Retry-After) on 429, 5xx, timeouts and network errors.
import type { z } from 'zod';
import { TurnwiseError } from '../../../shared/result';
import { unreachableEndpoint } from '../endpoints/unreachable';
import {
  CompletionResponseSchema,
  errorMessageOf,
  hasPromptLogprobs,
  ModelListSchema,
  promptLogprobsFromEcho,
  promptLogprobsFromVllm,
  TokenizeResponseSchema,
} from './vllm-responses';

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

export interface ChatMessage {
  role: string;
  content: string;
  reasoning_content?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface Tokenized {
  tokens: number[];
  maxModelLen: number | null;
}

/** http://host:8000, http://host:8000/ and http://host:8000/v1 all name the same server. */
export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
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

export class VllmClient {
  readonly baseUrl: string;
  /** Set once the server has answered without prompt_logprobs: use echo from then on. */
  private echoOnly = false;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly options: ClientOptions,
  ) {
    this.baseUrl = normalizeBaseUrl(baseUrl);
  }

  async listModels(): Promise<{ id: string; max_model_len: number | null }[]> {
    const body = await this.request('GET', '/v1/models', undefined, ModelListSchema);
    return body.data.map((m) => ({ id: m.id, max_model_len: m.max_model_len ?? null }));
  }

  async tokenizeText(model: string, prompt: string, addSpecialTokens: boolean): Promise<Tokenized> {
    const input = { model, prompt, add_special_tokens: addSpecialTokens };
    const body = await this.request('POST', '/tokenize', input, TokenizeResponseSchema);
    return { tokens: body.tokens, maxModelLen: body.max_model_len ?? null };
  }

  /** Applies the model's chat template on the server (vLLM's /tokenize with messages). */
  async tokenizeChat(
    model: string,
    messages: ChatMessage[],
    addGenerationPrompt: boolean,
    tools: unknown[] | null,
  ): Promise<Tokenized> {
    const input = {
      model,
      messages,
      add_generation_prompt: addGenerationPrompt,
      add_special_tokens: false,
      ...(tools && tools.length > 0 ? { tools } : {}),
    };
    const body = await this.request('POST', '/tokenize', input, TokenizeResponseSchema);
    return { tokens: body.tokens, maxModelLen: body.max_model_len ?? null };
  }

  /**
   * log p(token_i | tokens_<i) for every position of a token-id prompt (null at position 0):
   * one forward pass, max_tokens 1, prompt_logprobs 0 (the prompt token's own log-prob only).
   */
  async promptLogprobs(model: string, promptIds: number[]): Promise<(number | null)[]> {
    const base = { model, prompt: promptIds, max_tokens: 1, temperature: 0 };
    if (!this.echoOnly) {
      const body = await this.request(
        'POST',
        '/v1/completions',
        { ...base, prompt_logprobs: 0 },
        CompletionResponseSchema,
      );
      if (hasPromptLogprobs(body)) return promptLogprobsFromVllm(body, promptIds);
      this.echoOnly = true;
    }
    const body = await this.request(
      'POST',
      '/v1/completions',
      { ...base, echo: true, logprobs: 0 },
      CompletionResponseSchema,
    );
    return promptLogprobsFromEcho(body, promptIds.length);
  }

  private async request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    input: unknown,
    schema: S,
  ): Promise<z.output<S>> {
    const url = `${this.baseUrl}${path}`;
    const { signal, maxRetries, timeoutMs } = this.options;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (input !== undefined) headers['content-type'] = 'application/json';
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    for (let attempt = 0; ; attempt += 1) {
      if (signal.aborted) throw new TurnwiseError('cancelled', 'score cancelled');
      this.options.onRequest?.();
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
        if (response.ok) return parseBody(url, text, schema);
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
      const base = (this.options.retryBaseMs ?? 500) * 2 ** attempt;
      this.options.onRetry?.();
      await sleep(Math.min(MAX_BACKOFF_MS, waitMs ?? base * (0.75 + Math.random() / 2)), signal);
    }
  }
}

function parseBody<S extends z.ZodType>(url: string, text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EndpointError(`${url}: the answer is not JSON: ${errorMessageOf(text)}`, null);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EndpointError(
      `${url}: unexpected answer (${issue ? `${issue.path.join('.') || '(body)'}: ${issue.message}` : 'invalid'}); is this a vLLM server?`,
      null,
    );
  }
  return parsed.data;
}
