// A small real HTTP server that speaks the slice of vLLM's OpenAI-compatible API that scoring
// uses: GET /v1/models, POST /tokenize (prompt text, or chat messages through a ChatML chat
// template), POST /detokenize and POST /v1/completions with prompt token ids, prompt_logprobs and
// the legacy echo+logprobs shape. No model endpoint is reachable from the test machines, so this
// stands in for `vllm serve`; what it does with a request follows vLLM's sources, as cited below.
import { vllmTemplateInput, type VllmChatParsing } from './vllm-chat-parsing';
import { HttpError, startToyHttpServer, type ToyServer } from './toy-http';
import {
  fnv1a,
  toyChatTemplate,
  toyDecoded as decoded,
  toyDetokenize,
  toyLogprob,
  toyTokenId,
  toyTokenize,
} from './toy-model';

export { toyLogprob, toyTokenId, toyTokenize } from './toy-model';
export type { ToyServer } from './toy-http';

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
  /** How chat requests are read: by default as current vLLM does (see vllm-chat-parsing.ts). */
  chat?: Partial<VllmChatParsing>;
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
    const { messages, tools } = vllmTemplateInput(body, options.chat);
    const text = toyChatTemplate(messages, {
      addGenerationPrompt: body.add_generation_prompt !== false,
      dropPastReasoning: options.dropPastReasoning,
      tools,
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

/** vLLM's /detokenize: {tokens} in, {prompt} out (vllm/entrypoints/serve/tokenize/protocol.py). */
function detokenize(body: Record<string, unknown>) {
  const tokens = body.tokens;
  if (!Array.isArray(tokens) || !tokens.every((id) => Number.isInteger(id) && id >= 0)) {
    throw new HttpError(400, 'tokens must be a list of token ids');
  }
  return { prompt: toyDetokenize(tokens as number[]) };
}

function modelCard(options: ToyServerOptions) {
  // vLLM's ModelCard (vllm/entrypoints/openai/engine/protocol.py).
  return {
    id: options.model,
    object: 'model',
    created: 0,
    owned_by: 'vllm',
    root: options.model,
    parent: null,
    max_model_len: options.maxModelLen ?? 4096,
    permission: [],
  };
}

/** Starts the server on 127.0.0.1 and a free port. */
export function startVllmCompletionsServer(options: ToyServerOptions): Promise<ToyServer> {
  return startToyHttpServer({
    model: options.model,
    apiKey: options.apiKey,
    scoringPaths: ['/v1/completions'],
    // vLLM >= 0.10.1 nests the error (ErrorResponse in vllm/entrypoints/openai/engine/protocol.py).
    errorBody: (status, message) => ({
      error: {
        message,
        type: status === 404 ? 'NotFoundError' : 'BadRequestError',
        param: null,
        code: status,
      },
    }),
    route(method, path, body) {
      if (body.model !== undefined && body.model !== options.model) {
        throw new HttpError(404, `The model \`${String(body.model)}\` does not exist.`);
      }
      if (method === 'GET' && path === '/v1/models') {
        return { object: 'list', data: [modelCard(options)] };
      }
      if (method === 'POST' && path === '/tokenize') return tokenize(options, body);
      if (method === 'POST' && path === '/detokenize') return detokenize(body);
      if (method === 'POST' && path === '/v1/completions') return completion(options, body);
      throw new HttpError(404, `Not Found: ${method} ${path}`);
    },
  });
}
