// A small real HTTP server that speaks the slice of vLLM's OpenAI-compatible API that scoring
// uses: GET /v1/models, POST /tokenize (prompt text, or chat messages through a ChatML chat
// template) and POST /v1/completions with prompt token ids, prompt_logprobs and the legacy
// echo+logprobs shape. Its tokenizer and log-probs are deterministic toys, exported so tests can
// compute the exact values a scored turn must hold. No model endpoint is reachable from the test
// machines, so this stands in for `vllm serve`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SPECIAL_TOKENS: Record<string, number> = {
  '<s>': 1,
  '<|im_start|>': 2,
  '<|im_end|>': 3,
  '<|endoftext|>': 4,
};
const BOS = 1;
const SPECIAL_BY_ID = new Map(Object.entries(SPECIAL_TOKENS).map(([text, id]) => [id, text]));
// Specials, words with an optional leading space, single digits, punctuation, whitespace runs.
const PIECE =
  /<s>|<\|im_start\|>|<\|im_end\|>|<\|endoftext\|>| ?[A-Za-z]+| ?[0-9]| ?[^A-Za-z0-9\s]|\s+/gu;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Token id of one piece: specials are fixed, every other piece hashes into [100, 50100). A
 * salt gives another vocabulary (a model with a different tokenizer). */
export function toyTokenId(piece: string, salt = ''): number {
  return SPECIAL_TOKENS[piece] ?? 100 + (fnv1a(`${salt}${piece}`) % 50_000);
}

export function toyPieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** The toy tokenizer (deterministic); with special tokens, a BOS token comes first, as Llama's. */
export function toyTokenize(text: string, addSpecialTokens = false, salt = ''): number[] {
  const ids = toyPieces(text).map((piece) => toyTokenId(piece, salt));
  return addSpecialTokens ? [BOS, ...ids] : ids;
}

/** log p(token | previous token) under a toy model: in [-4.000, -0.001], exact in JSON. */
export function toyLogprob(model: string, previous: number, token: number): number {
  return -((fnv1a(`${model}|${previous}|${token}`) % 4000) + 1) / 1000;
}

export interface ToyMessage {
  role: string;
  content?: string | null;
  reasoning_content?: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

export interface ToyTemplateOptions {
  addGenerationPrompt: boolean;
  /** Renders reasoning only on a final assistant message (as templates that strip past
   * reasoning do), which makes the template not prefix-preserving. */
  dropPastReasoning?: boolean;
  tools?: unknown[];
}

/** A ChatML chat template with Qwen-style tool calls and <think> reasoning. */
export function toyChatTemplate(messages: ToyMessage[], options: ToyTemplateOptions): string {
  let text = '';
  if (options.tools && options.tools.length > 0) {
    text += `<|im_start|>system\n# Tools\n${options.tools.map((t) => JSON.stringify(t)).join('\n')}<|im_end|>\n`;
  }
  messages.forEach((message, index) => {
    let body = '';
    const last = index === messages.length - 1;
    if (
      message.role === 'assistant' &&
      message.reasoning_content &&
      (last || !options.dropPastReasoning)
    ) {
      body += `<think>\n${message.reasoning_content}\n</think>\n\n`;
    }
    body += message.content ?? '';
    for (const call of message.tool_calls ?? []) {
      const args = JSON.parse(call.function.arguments) as unknown;
      body += `\n<tool_call>\n${JSON.stringify({ name: call.function.name, arguments: args })}\n</tool_call>`;
    }
    text += `<|im_start|>${message.role}\n${body}<|im_end|>\n`;
  });
  return options.addGenerationPrompt ? `${text}<|im_start|>assistant\n` : text;
}

export interface ToyServerOptions {
  /** The one model served (what /v1/models lists); it also keys the log-probs. */
  model: string;
  maxModelLen?: number;
  /** Requires `Authorization: Bearer <apiKey>`, as `vllm serve --api-key` does. */
  apiKey?: string;
  dropPastReasoning?: boolean;
  /** Ignores prompt_logprobs and answers only the legacy echo+logprobs shape. */
  echoOnly?: boolean;
  /** Another toy vocabulary, for a model whose tokenizer differs. */
  vocabSalt?: string;
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ToyServer {
  /** http://127.0.0.1:PORT (no /v1). */
  url: string;
  model: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** HTTP statuses the next completions requests answer with instead of a result. */
  failNext: number[];
  /** Delay before each completions answer (for cancel and timeout tests). */
  delayMs: number;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function decoded(id: number): string {
  return SPECIAL_BY_ID.get(id) ?? `<${id}>`;
}

function promptIds(options: ToyServerOptions, prompt: unknown): number[] {
  if (typeof prompt === 'string') return toyTokenize(prompt, true, options.vocabSalt);
  if (Array.isArray(prompt) && prompt.every((id) => Number.isInteger(id) && id >= 0)) {
    return prompt as number[];
  }
  throw new HttpError(400, 'prompt must be a string or a list of token ids');
}

function completion(options: ToyServerOptions, body: Record<string, unknown>) {
  const ids = promptIds(options, body.prompt);
  if (ids.length === 0)
    throw new HttpError(400, 'Either prompt or prompt_embeds must be provided and non-empty.');
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 16;
  const maxLen = options.maxModelLen ?? 4096;
  if (ids.length + maxTokens > maxLen) {
    throw new HttpError(
      400,
      `This model's maximum context length is ${maxLen} tokens. However, you requested ` +
        `${ids.length + maxTokens} tokens (${ids.length} in the messages, ${maxTokens} in the completion).`,
    );
  }
  const generated = Array.from({ length: maxTokens }, () => toyTokenId(' ok'));
  const all = [...ids, ...generated];
  const entry = (i: number, id: number) => ({
    logprob: toyLogprob(options.model, all[i - 1] as number, id),
    rank: (fnv1a(`${i}`) % 50) + 1,
    decoded_token: decoded(id),
  });
  const k = typeof body.prompt_logprobs === 'number' ? body.prompt_logprobs : null;
  const promptLogprobs =
    k === null || options.echoOnly
      ? null
      : ids.map((id, i) => {
          if (i === 0) return null;
          const top: Record<string, unknown> = { [id]: entry(i, id) };
          // vLLM adds the k most likely tokens beside the prompt token; the toy invents them.
          for (let j = 1; Object.keys(top).length <= k && j < 1000; j += 1)
            top[id + j] ??= entry(i, id + j);
          return top;
        });
  // With echo, the legacy logprobs cover the prompt and the generated tokens.
  const echoed = body.echo === true ? all : generated;
  const offset = body.echo === true ? 0 : ids.length;
  const legacy =
    typeof body.logprobs === 'number'
      ? {
          tokens: echoed.map(decoded),
          token_logprobs: echoed.map((id, i) =>
            i + offset === 0 ? null : entry(i + offset, id).logprob,
          ),
          top_logprobs: echoed.map((id, i) =>
            i + offset === 0 ? null : { [decoded(id)]: entry(i + offset, id).logprob },
          ),
          text_offset: echoed.map((_id, i) => i),
        }
      : null;
  return {
    id: `cmpl-toy-${fnv1a(JSON.stringify(ids))}`,
    object: 'text_completion',
    created: 0,
    model: options.model,
    choices: [
      {
        index: 0,
        text: generated.map(decoded).join(''),
        logprobs: legacy,
        finish_reason: 'length',
        stop_reason: null,
        prompt_logprobs: promptLogprobs,
      },
    ],
    usage: { prompt_tokens: ids.length, completion_tokens: maxTokens, total_tokens: all.length },
  };
}

function tokenize(options: ToyServerOptions, body: Record<string, unknown>) {
  let ids: number[];
  if (Array.isArray(body.messages)) {
    const text = toyChatTemplate(body.messages as ToyMessage[], {
      addGenerationPrompt: body.add_generation_prompt !== false,
      dropPastReasoning: options.dropPastReasoning,
      tools: Array.isArray(body.tools) ? body.tools : undefined,
    });
    ids = toyTokenize(text, body.add_special_tokens === true, options.vocabSalt);
  } else if (typeof body.prompt === 'string') {
    ids = toyTokenize(body.prompt, body.add_special_tokens !== false, options.vocabSalt);
  } else {
    throw new HttpError(400, 'tokenize needs a prompt or messages');
  }
  return {
    count: ids.length,
    max_model_len: options.maxModelLen ?? 4096,
    tokens: ids,
    token_strs: null,
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'request body is not JSON');
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startVllmCompletionsServer(options: ToyServerOptions): Promise<ToyServer> {
  const state = { requests: [] as RecordedRequest[], failNext: [] as number[], delayMs: 0 };
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const body = request.method === 'POST' ? await readJson(request) : {};
        state.requests.push({ path, body });
        if (
          options.apiKey !== undefined &&
          request.headers.authorization !== `Bearer ${options.apiKey}`
        ) {
          send(response, 401, { error: 'Unauthorized' });
          return;
        }
        if (body.model !== undefined && body.model !== options.model) {
          throw new HttpError(404, `The model \`${String(body.model)}\` does not exist.`);
        }
        if (request.method === 'GET' && path === '/v1/models') {
          const card = {
            id: options.model,
            object: 'model',
            created: 0,
            owned_by: 'vllm',
            root: options.model,
            parent: null,
            max_model_len: options.maxModelLen ?? 4096,
          };
          send(response, 200, { object: 'list', data: [card] });
        } else if (request.method === 'POST' && path === '/tokenize') {
          send(response, 200, tokenize(options, body));
        } else if (request.method === 'POST' && path === '/v1/completions') {
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          const failure = state.failNext.shift();
          if (failure !== undefined) throw new HttpError(failure, `injected failure ${failure}`);
          send(response, 200, completion(options, body));
        } else {
          throw new HttpError(404, `Not Found: ${request.method} ${path}`);
        }
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        const message = error instanceof Error ? error.message : String(error);
        if (!response.headersSent)
          send(response, status, {
            error: { message, type: 'BadRequestError', param: null, code: status },
          });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    model: options.model,
    get requests() {
      return state.requests;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(statuses: number[]) {
      state.failNext = statuses;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
