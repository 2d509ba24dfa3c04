// A failure that hits every trajectory is the server's or the settings', not the data's: when the
// first trajectories to finish all fail the same way, the job stops with one message that names
// the setting to change, instead of failing the rest one by one.
import type { ScoringFailureCode } from '../../shared/api-scoring';
import { TurnwiseError } from '../../shared/result';

/** How many trajectories must fail alike, before any succeeds, to stop the job. */
export const UNIFORM_FAILURE_COUNT = 5;

const WHAT_TO_CHANGE: Record<ScoringFailureCode, string> = {
  no_prompt_logprobs:
    'the server returns no log-probs of the prompt: if it is SGLang, set the server kind to ' +
    'sglang (its /v1/completions has no prompt_logprobs); vLLM returns them',
  logprob_mismatch:
    'the log-probs do not line up with the tokens sent (a server that adds a BOS token, or a ' +
    'server of another kind than set): check the server kind',
  template_split: "the model's chat template cannot be split into turns: use the chatml rendering",
  text_missing:
    "the server's chat template leaves out what the turns stored: use the chatml rendering, or " +
    'a server and template that render it (vLLM reads reasoning as `reasoning`, SGLang as ' +
    '`reasoning_content`; Turnwise sends both)',
  tool_arguments:
    'tool-call arguments that are not JSON cannot go through a chat template: use the chatml rendering',
  refused: 'the server refuses every request: check the server kind and the rendering',
  file_missing: 'the attached files are gone: attach them again',
};

interface Outcome {
  status: 'scored' | 'skipped' | 'failed';
  code: ScoringFailureCode | null;
  reason: string | null;
}

export class UniformFailureWatch {
  private seen = 0;
  private first: Outcome | null = null;
  private alike = true;

  /** Throws once the first UNIFORM_FAILURE_COUNT outcomes are failures with one code. */
  record(outcome: Outcome): void {
    if (!this.alike || this.seen >= UNIFORM_FAILURE_COUNT) return;
    this.seen += 1;
    this.first ??= outcome;
    if (outcome.status !== 'failed' || outcome.code !== this.first.code) {
      this.alike = false;
      return;
    }
    if (this.seen < UNIFORM_FAILURE_COUNT) return;
    const code = outcome.code ?? 'refused';
    throw new TurnwiseError(
      'invalid_input',
      `scoring stopped: the first ${UNIFORM_FAILURE_COUNT} trajectories all failed the same way ` +
        `(${code}): ${this.first.reason ?? 'failed'}. ${WHAT_TO_CHANGE[code]}.`,
    );
  }
}
