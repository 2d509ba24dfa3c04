// SGLang's native /generate answer, as scoring reads it (python/sglang/srt/managers/io_struct.py,
// GenerateReqInput and its meta_info): with return_logprob and logprob_start_len 0,
// meta_info.input_token_logprobs holds one [logprob, token_id, text] entry per prompt token, the
// first logprob null (the scheduler pads it), the text null unless return_text_in_logprobs.
import * as z from 'zod';
import { AlignmentError } from './alignment';

const LogprobEntry = z.tuple([z.number().nullable(), z.number().int()]).rest(z.unknown());

export const GenerateResponseSchema = z
  .object({
    meta_info: z.object({ input_token_logprobs: z.array(LogprobEntry).nullish() }).loose(),
  })
  .loose();
export type GenerateResponse = z.infer<typeof GenerateResponseSchema>;

/** The request that asks for the prompt's own log-probs and one generated token. */
export function generateRequest(promptIds: readonly number[]) {
  return {
    input_ids: promptIds,
    sampling_params: { max_new_tokens: 1, temperature: 0 },
    return_logprob: true,
    logprob_start_len: 0,
  };
}

/** One log-prob per prompt position (null at 0); each entry must name the token sent there. */
export function promptLogprobsFromGenerate(
  response: GenerateResponse,
  promptIds: readonly number[],
): (number | null)[] {
  const entries = response.meta_info.input_token_logprobs;
  if (!entries)
    throw new AlignmentError('no_prompt_logprobs', 'the answer has no input_token_logprobs');
  if (entries.length !== promptIds.length) {
    throw new AlignmentError(
      'logprob_mismatch',
      `input_token_logprobs has ${entries.length} entries for ${promptIds.length} prompt tokens`,
    );
  }
  return entries.map(([logprob, token], i) => {
    if (token !== promptIds[i]) {
      throw new AlignmentError(
        'logprob_mismatch',
        `input_token_logprobs entry ${i} is for token ${token}, not the token sent (${promptIds[i]})`,
      );
    }
    return i === 0 ? null : logprob;
  });
}
