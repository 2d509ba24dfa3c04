// The response shapes of vLLM's OpenAI-compatible server that scoring reads, checked with zod, and
// the two ways a completions response carries prompt log-probs:
// - prompt_logprobs (vLLM): choices[0].prompt_logprobs, one entry per prompt token, the first
//   null, each a map from token id to {logprob, rank, decoded_token} that includes the prompt's
//   own token (plus the top-k others when prompt_logprobs = k > 0);
// - echo + logprobs (the legacy OpenAI shape): choices[0].logprobs.token_logprobs over the echoed
//   prompt and the generated tokens, the first null.
import * as z from 'zod';
import { AlignmentError } from './alignment';

/**
 * A context length as servers report it: SGLang's /tokenize gives the tokenizer's
 * model_max_length, which Hugging Face sets to int(1e30) when the tokenizer names none. Anything
 * that is not a plausible token count means "not known".
 */
const ContextLength = z
  .number()
  .nullish()
  .transform((n) =>
    typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : null,
  );

export const ModelListSchema = z.object({
  data: z.array(
    z.object({ id: z.string(), owned_by: z.string().nullish(), max_model_len: ContextLength }),
  ),
});

export const TokenizeResponseSchema = z.object({
  tokens: z.array(z.number().int()),
  max_model_len: ContextLength,
});

/** vLLM answers {prompt}, SGLang {text}. */
export const DetokenizeResponseSchema = z
  .object({ prompt: z.string().optional(), text: z.string().optional() })
  .refine((body) => body.prompt !== undefined || body.text !== undefined, 'no prompt or text')
  .transform((body) => body.prompt ?? body.text ?? '');

const LogprobEntrySchema = z.object({ logprob: z.number() }).loose();

const ChoiceSchema = z
  .object({
    prompt_logprobs: z.array(z.record(z.string(), LogprobEntrySchema).nullable()).nullish(),
    logprobs: z
      .object({ token_logprobs: z.array(z.number().nullable()) })
      .loose()
      .nullish(),
  })
  .loose();

export const CompletionResponseSchema = z.object({ choices: z.array(ChoiceSchema).min(1) }).loose();
export type CompletionResponse = z.infer<typeof CompletionResponseSchema>;

/** Whether the response carries vLLM's prompt_logprobs (servers without them need echo). */
export function hasPromptLogprobs(response: CompletionResponse): boolean {
  const list = response.choices[0]?.prompt_logprobs;
  return Array.isArray(list);
}

/**
 * One log-prob per prompt position from vLLM's prompt_logprobs (null at position 0). Each entry
 * must hold the token that was sent; anything else means the server scored other tokens (for
 * example it added a BOS token), and no value can be trusted.
 */
export function promptLogprobsFromVllm(
  response: CompletionResponse,
  promptIds: readonly number[],
): (number | null)[] {
  const list = response.choices[0]?.prompt_logprobs;
  if (!list) throw new AlignmentError('no_prompt_logprobs', 'the response has no prompt_logprobs');
  if (list.length !== promptIds.length) {
    throw new AlignmentError(
      'logprob_mismatch',
      `prompt_logprobs has ${list.length} entries for ${promptIds.length} prompt tokens`,
    );
  }
  return list.map((entry, i) => {
    if (i === 0) return null;
    const token = promptIds[i] as number;
    const chosen = entry?.[String(token)];
    if (!chosen) {
      throw new AlignmentError(
        'logprob_mismatch',
        `prompt_logprobs entry ${i} does not hold the token sent there (${token}); ` +
          'the server scored other tokens than the prompt',
      );
    }
    return chosen.logprob;
  });
}

/** One log-prob per prompt position from the legacy echo shape (the first promptLength entries). */
export function promptLogprobsFromEcho(
  response: CompletionResponse,
  promptLength: number,
): (number | null)[] {
  const values = response.choices[0]?.logprobs?.token_logprobs;
  if (!values)
    throw new AlignmentError(
      'no_prompt_logprobs',
      'the echo response has no logprobs.token_logprobs',
    );
  if (values.length < promptLength) {
    throw new AlignmentError(
      'no_prompt_logprobs',
      `the echo response has ${values.length} token log-probs for ${promptLength} prompt tokens`,
    );
  }
  return values.slice(0, promptLength).map((value, i) => (i === 0 ? null : value));
}

/** The message of an error body: vLLM's {error: {message}} / {message}, or the text itself. */
export function errorMessageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    if (typeof parsed.error === 'object' && parsed.error !== null) {
      const message = (parsed.error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
    for (const value of [parsed.message, parsed.error, parsed.detail]) {
      if (typeof value === 'string') return value;
    }
  } catch {
    // not JSON: the text itself says what happened
  }
  const text = body.trim().replace(/\s+/g, ' ');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text || '(empty body)';
}
