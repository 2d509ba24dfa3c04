// Ollama cuts a prompt longer than its context (num_ctx) to fit, without a word, and counts only
// what it kept as prompt_tokens; its OpenAI API cannot raise num_ctx (docs/servers.md). A judge
// that saw half a segment is no judge, and every long segment would be cut alike, so the run
// stops. Two signs of a cut: a count far below any tokenizer's for the prompt's size, and one
// count answered for prompts of clearly different sizes (the cap).
import { TurnwiseError } from '../../shared/result';

/** Fewer characters per token than any tokenizer gives: a prompt counted this small was cut. */
const MAX_CHARS_PER_TOKEN = 6;
/** Prompts whose sizes differ by more than this cannot have the same token count. */
const SIZE_SLACK = 0.1;

/** Per run: the prompt size first seen for each token count. */
export type PromptSizes = Map<number, number>;

function stop(promptTokens: number, why: string): TurnwiseError {
  return new TurnwiseError(
    'invalid_input',
    `Ollama read only ${promptTokens} tokens of the judge prompt (${why}): it cut the prompt to ` +
      'its context length. Raise it (OLLAMA_CONTEXT_LENGTH on the server, or PARAMETER num_ctx in ' +
      'a Modelfile); the OpenAI API cannot set it',
  );
}

export function checkNotCut(chars: number, promptTokens: number, sizes: PromptSizes): void {
  if (promptTokens === 0) return;
  if (chars > promptTokens * MAX_CHARS_PER_TOKEN) {
    throw stop(promptTokens, `${chars.toLocaleString('en-US')} characters`);
  }
  const earlier = sizes.get(promptTokens);
  if (earlier === undefined) {
    sizes.set(promptTokens, chars);
    return;
  }
  if (Math.abs(earlier - chars) > SIZE_SLACK * Math.min(earlier, chars)) {
    const both = [earlier, chars].map((n) => n.toLocaleString('en-US')).join(' and ');
    throw stop(promptTokens, `the same count for prompts of ${both} characters`);
  }
}
