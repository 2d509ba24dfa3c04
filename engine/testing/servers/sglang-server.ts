// A small real HTTP server that answers as SGLang's server does for what scoring uses, from its
// sources (python/sglang/srt/entrypoints/http_server.py, entrypoints/openai/serving_tokenize.py,
// serving_completions.py, protocol.py, managers/io_struct.py):
// - GET /v1/models: ModelCard with owned_by "sglang" and max_model_len = the context length;
// - POST /tokenize: prompt text, or (since PR #23981, 2026-04) chat messages, always with the
//   generation prompt unless continue_final_message leaves the last message open; no
//   add_generation_prompt field; max_model_len is the tokenizer's model_max_length, which
//   Hugging Face sets to int(1e30) when the tokenizer names none;
// - POST /detokenize: {tokens, skip_special_tokens = true} in, {text} out;
// - POST /generate: input_ids, return_logprob, logprob_start_len (-1: output tokens only);
//   meta_info.input_token_logprobs = [[logprob, token_id, null], ...], the first logprob null;
// - POST /v1/completions: no prompt_logprobs field (unknown fields are dropped); echo returns
//   the prompt's log-probs only when logprobs is truthy, so logprobs 0 gives none;
// - errors are flat: {object: "error", message, type, param, code}.
import { HttpError, startToyHttpServer, type ToyServer } from './toy-http';
import {
  fnv1a,
  toyChatTemplate,
  toyDecoded,
  toyDetokenize,
  toyLogprob,
  toyTokenId,
  toyTokenize,
} from './toy-model';
import { vllmTemplateInput } from './vllm-chat-parsing';

export interface SglangServerOptions {
  model: string;
  contextLength?: number;
  apiKey?: string;
  /** An SGLang from before /tokenize took chat messages. */
  tokenizeTakesMessages?: boolean;
}

/** Hugging Face's "no maximum" model_max_length, int(1e30), as Python's json writes it. */
const HF_NO_MAX_LENGTH = '1000000000000000019884624838656';

function ids(value: unknown): number[] {
  if (Array.isArray(value) && value.every((id) => Number.isInteger(id) && id >= 0))
    return value as number[];
  throw new HttpError(400, 'input_ids must be a list of token ids');
}

function tokenize(options: SglangServerOptions, body: Record<string, unknown>): string {
  const special = body.add_special_tokens !== false;
  let tokens: number[];
  if (body.messages !== undefined && options.tokenizeTakesMessages !== false) {
    if (body.prompt !== undefined)
      throw new HttpError(400, "Exactly one of 'prompt' or 'messages' must be provided.");
    // SGLang reads an assistant's reasoning as reasoning_content.
    const { messages, tools } = vllmTemplateInput(body, {
      reasoningField: 'reasoning_content',
      invalidArguments: 'reject',
    });
    let text = toyChatTemplate(messages, {
      addGenerationPrompt: body.continue_final_message !== true,
      tools,
    });
    // continue_final_message: the text stops where the last message's content ends.
    if (body.continue_final_message === true) text = text.replace(/<\|im_end\|>\n$/, '');
    tokens = toyTokenize(text, special);
  } else if (typeof body.prompt === 'string') {
    tokens = toyTokenize(body.prompt, special);
  } else {
    throw new HttpError(400, '1 validation error for TokenizeRequest\nprompt\n  Field required');
  }
  const answer = { tokens, count: tokens.length, max_model_len: 0 };
  return JSON.stringify(answer).replace('"max_model_len":0', `"max_model_len":${HF_NO_MAX_LENGTH}`);
}

function logprobEntries(model: string, all: number[], from: number, to: number) {
  return all
    .slice(from, to)
    .map((id, i) => [
      from + i === 0 ? null : toyLogprob(model, all[from + i - 1] as number, id),
      id,
      null,
    ]);
}

function generate(options: SglangServerOptions, body: Record<string, unknown>) {
  const prompt = ids(body.input_ids);
  const sampling = (body.sampling_params ?? {}) as { max_new_tokens?: number };
  const generated = Array.from({ length: sampling.max_new_tokens ?? 16 }, () => toyTokenId(' ok'));
  const all = [...prompt, ...generated];
  const start = typeof body.logprob_start_len === 'number' ? body.logprob_start_len : -1;
  const logprobs = body.return_logprob === true;
  return {
    text: generated.map(toyDecoded).join(''),
    output_ids: generated,
    meta_info: {
      id: `gen-${fnv1a(JSON.stringify(prompt))}`,
      finish_reason: { type: 'length', length: generated.length },
      prompt_tokens: prompt.length,
      completion_tokens: generated.length,
      cached_tokens: 0,
      ...(logprobs
        ? {
            input_token_logprobs:
              start < 0 ? [] : logprobEntries(options.model, all, start, prompt.length),
            output_token_logprobs: logprobEntries(options.model, all, prompt.length, all.length),
          }
        : {}),
    },
  };
}

function completion(options: SglangServerOptions, body: Record<string, unknown>) {
  const prompt = Array.isArray(body.prompt)
    ? ids(body.prompt)
    : toyTokenize(String(body.prompt), true);
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 16;
  const generated = Array.from({ length: maxTokens }, () => toyTokenId(' ok'));
  const all = [...prompt, ...generated];
  // serving_completions.py: logprob_start_len 0 only when echo and logprobs are both truthy.
  const withPrompt = body.echo === true && Boolean(body.logprobs);
  const shown = withPrompt ? all : generated;
  const offset = withPrompt ? 0 : prompt.length;
  const entries = logprobEntries(options.model, all, offset, all.length);
  return {
    id: `cmpl-${fnv1a(JSON.stringify(prompt))}`,
    object: 'text_completion',
    created: 0,
    model: options.model,
    choices: [
      {
        index: 0,
        text: `${body.echo === true ? toyDetokenize(prompt) : ''}${generated.map(toyDecoded).join('')}`,
        logprobs: body.logprobs
          ? {
              text_offset: shown.map(() => -1),
              token_logprobs: entries.map(([lp]) => lp),
              tokens: shown.map(toyDecoded),
              top_logprobs: entries.map(([lp, id]) =>
                lp === null ? null : { [toyDecoded(id as number)]: lp },
              ),
            }
          : null,
        finish_reason: 'length',
        matched_stop: null,
      },
    ],
    usage: { prompt_tokens: prompt.length, completion_tokens: maxTokens, total_tokens: all.length },
  };
}

export function startSglangServer(options: SglangServerOptions): Promise<ToyServer> {
  return startToyHttpServer({
    model: options.model,
    apiKey: options.apiKey,
    scoringPaths: ['/generate', '/v1/completions'],
    errorBody: (status, message) => ({
      object: 'error',
      message,
      type: 'BadRequestError',
      param: null,
      code: status,
    }),
    route(method, path, body) {
      if (method === 'GET' && path === '/v1/models') {
        const card = {
          id: options.model,
          object: 'model',
          created: 0,
          owned_by: 'sglang',
          root: options.model,
          parent: null,
          max_model_len: options.contextLength ?? 4096,
        };
        return { object: 'list', data: [card] };
      }
      if (method === 'POST' && path === '/tokenize') return tokenize(options, body);
      if (method === 'POST' && path === '/detokenize') {
        const tokens = ids(body.tokens);
        const kept = body.skip_special_tokens === false ? tokens : tokens.filter((id) => id > 4);
        return { text: toyDetokenize(kept) };
      }
      if (method === 'POST' && path === '/generate') return generate(options, body);
      if (method === 'POST' && path === '/v1/completions') return completion(options, body);
      throw new HttpError(404, `Not Found: ${method} ${path}`);
    },
  });
}
