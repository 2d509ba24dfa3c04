// A client for what scoring needs of a model server, for the two servers that return log-probs
// of a prompt's own tokens (docs/servers.md):
// - vLLM: /v1/models, /tokenize (text, or chat messages through the model's template),
//   /detokenize, and /v1/completions with token-id prompts and prompt_logprobs (the legacy
//   echo + logprobs shape where a server has no prompt_logprobs);
// - SGLang: the same /v1/models, /tokenize and /detokenize, and its native /generate with
//   return_logprob and logprob_start_len 0, since its /v1/completions has no prompt_logprobs.
import type { z } from 'zod';
import type { ServerProfile } from '../../shared/server-profiles';
import { AlignmentError, tokensAfter } from './alignment';
import { requestJson, type ClientOptions } from './scoring-http';
import {
  generateRequest,
  GenerateResponseSchema,
  promptLogprobsFromGenerate,
} from './sglang-responses';
import {
  CompletionResponseSchema,
  DetokenizeResponseSchema,
  hasPromptLogprobs,
  ModelListSchema,
  promptLogprobsFromEcho,
  promptLogprobsFromVllm,
  TokenizeResponseSchema,
} from './vllm-responses';

export { EndpointError, type ClientOptions } from './scoring-http';

export interface ChatMessage {
  role: string;
  content: string;
  /** Sent under both names: vLLM reads `reasoning`, SGLang and older vLLM `reasoning_content`. */
  reasoning?: string;
  reasoning_content?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface Tokenized {
  tokens: number[];
  maxModelLen: number | null;
}

export interface ModelListing {
  models: { id: string; max_model_len: number | null }[];
  /** What the server says of itself, for telling servers apart. */
  ownedBy: string[];
  headers: Headers;
}

/** http://host:8000, http://host:8000/ and http://host:8000/v1 all name the same server. */
export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
}

export class ScoringClient {
  readonly baseUrl: string;
  /** Which server this is; set once it is known (the default reads any OpenAI-style server). */
  server: ServerProfile = 'vllm';
  /** Set once the server has answered without prompt_logprobs: use echo from then on. */
  private echoOnly = false;

  constructor(
    baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly options: ClientOptions,
  ) {
    this.baseUrl = normalizeBaseUrl(baseUrl);
  }

  async listModels(): Promise<ModelListing> {
    const { body, headers } = await this.send('GET', '/v1/models', undefined, ModelListSchema);
    return {
      models: body.data.map((m) => ({ id: m.id, max_model_len: m.max_model_len })),
      ownedBy: body.data.flatMap((m) => (m.owned_by ? [m.owned_by] : [])),
      headers,
    };
  }

  async tokenizeText(model: string, prompt: string, addSpecialTokens: boolean): Promise<Tokenized> {
    const input = { model, prompt, add_special_tokens: addSpecialTokens };
    const { body } = await this.send('POST', '/tokenize', input, TokenizeResponseSchema);
    return { tokens: body.tokens, maxModelLen: body.max_model_len };
  }

  /**
   * The model's chat template applied on the server. `addGenerationPrompt` false means the
   * messages end with the assistant turn to score, rendered through its end-of-turn token.
   */
  async tokenizeChat(
    model: string,
    messages: ChatMessage[],
    addGenerationPrompt: boolean,
    tools: unknown[] | null,
  ): Promise<Tokenized> {
    const input = {
      model,
      messages,
      add_special_tokens: false,
      ...(tools && tools.length > 0 ? { tools } : {}),
    };
    if (this.server !== 'sglang' || addGenerationPrompt) {
      const request = { ...input, add_generation_prompt: addGenerationPrompt };
      const { body } = await this.send('POST', '/tokenize', request, TokenizeResponseSchema);
      return { tokens: body.tokens, maxModelLen: body.max_model_len };
    }
    return this.tokenizeFinalTurnOnSglang(input);
  }

  /**
   * SGLang's /tokenize has no add_generation_prompt: it always appends one, unless
   * continue_final_message leaves the last message open (python/sglang/srt/entrypoints/openai/
   * serving_tokenize.py). The turn is the open rendering plus the one token that closes it there:
   * the template's end-of-turn token, which the model generated to stop.
   */
  private async tokenizeFinalTurnOnSglang(input: object): Promise<Tokenized> {
    const [open, closed] = await Promise.all(
      [true, false].map((cont) =>
        this.send(
          'POST',
          '/tokenize',
          { ...input, continue_final_message: cont },
          TokenizeResponseSchema,
        ),
      ),
    );
    const after = tokensAfter(open?.body.tokens ?? [], closed?.body.tokens ?? []);
    if (after === null || after.length === 0) {
      throw new AlignmentError(
        'template_split',
        'the chat template renders the final turn differently when it is left open',
      );
    }
    const tokens = [...(open?.body.tokens ?? []), after[0] as number];
    return { tokens, maxModelLen: open?.body.max_model_len ?? null };
  }

  /** The text of token ids, special tokens kept. */
  async detokenize(model: string, tokens: number[]): Promise<string> {
    const input = {
      model,
      tokens,
      ...(this.server === 'sglang' ? { skip_special_tokens: false } : {}),
    };
    const { body } = await this.send('POST', '/detokenize', input, DetokenizeResponseSchema);
    return body;
  }

  /**
   * log p(token_i | tokens_<i) for every position of a token-id prompt (null at position 0):
   * one forward pass and one generated token.
   */
  async promptLogprobs(model: string, promptIds: number[]): Promise<(number | null)[]> {
    if (this.server === 'sglang') {
      const request = generateRequest(promptIds);
      const { body } = await this.send('POST', '/generate', request, GenerateResponseSchema);
      return promptLogprobsFromGenerate(body, promptIds);
    }
    const base = { model, prompt: promptIds, max_tokens: 1, temperature: 0 };
    if (!this.echoOnly) {
      // prompt_logprobs 0: the prompt token's own log-prob only, no top-k.
      const input = { ...base, prompt_logprobs: 0 };
      const { body } = await this.send('POST', '/v1/completions', input, CompletionResponseSchema);
      if (hasPromptLogprobs(body)) return promptLogprobsFromVllm(body, promptIds);
      this.echoOnly = true;
    }
    // logprobs 1, not 0: servers that test it for truth (SGLang) return no prompt log-probs at 0.
    const input = { ...base, echo: true, logprobs: 1 };
    const { body } = await this.send('POST', '/v1/completions', input, CompletionResponseSchema);
    return promptLogprobsFromEcho(body, promptIds.length);
  }

  private send<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    input: unknown,
    schema: S,
  ) {
    const url = `${this.baseUrl}${path}`;
    const request = { method, url, input, schema, apiKey: this.apiKey, server: this.server };
    return requestJson(request, this.options);
  }
}
