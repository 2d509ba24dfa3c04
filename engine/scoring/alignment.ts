// Pure alignment of prompt log-probs to assistant turns. A prompt is a list of token-id
// segments: context (rendered messages, role headers) and turns (one assistant turn's tokens).
// Concatenated, they are the token ids sent to the endpoint, so each turn's span is known
// exactly and position i's log-prob, log p(token_i | tokens_<i), is that token's under the model.

import type { ScoringFailureCode } from '../../shared/api-scoring';

export type Segment =
  { kind: 'context'; tokens: number[] } | { kind: 'turn'; turnIndex: number; tokens: number[] };

export interface TurnSpan {
  turnIndex: number;
  start: number;
  end: number;
}

export interface AlignedTurn {
  turnIndex: number;
  tokenIds: number[];
  logprobs: number[];
}

/** Raised when a trajectory cannot be scored exactly; it fails with this code and reason. */
export class AlignmentError extends Error {
  override readonly name = 'AlignmentError';
  constructor(
    readonly code: ScoringFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export function promptTokens(segments: Segment[]): number[] {
  return segments.flatMap((segment) => segment.tokens);
}

export function turnSpans(segments: Segment[]): TurnSpan[] {
  const spans: TurnSpan[] = [];
  let position = 0;
  for (const segment of segments) {
    const end = position + segment.tokens.length;
    if (segment.kind === 'turn') spans.push({ turnIndex: segment.turnIndex, start: position, end });
    position = end;
  }
  return spans;
}

/**
 * Cuts a prompt after its last turn that fits in maxTokens (the model's context less the one
 * generated token). Log-probs are causal, so the turns kept score exactly as in the whole prompt.
 */
export function fitToContext(
  segments: Segment[],
  maxTokens: number,
): { segments: Segment[]; droppedTurns: number[] } {
  const spans = turnSpans(segments);
  const fitting = spans.filter((span) => span.end <= maxTokens);
  const last = fitting.at(-1);
  const keep =
    last === undefined
      ? 0
      : segments.findIndex((s) => s.kind === 'turn' && s.turnIndex === last.turnIndex) + 1;
  return {
    segments: segments.slice(0, keep),
    droppedTurns: spans.filter((span) => span.end > maxTokens).map((span) => span.turnIndex),
  };
}

/** Each turn's token ids and their log-probs, given one log-prob (or null) per prompt position. */
export function alignTurnLogprobs(
  segments: Segment[],
  logprobs: readonly (number | null)[],
): AlignedTurn[] {
  const total = segments.reduce((sum, segment) => sum + segment.tokens.length, 0);
  if (logprobs.length !== total) {
    throw new AlignmentError(
      'logprob_mismatch',
      `the endpoint returned ${logprobs.length} prompt log-probs for ${total} prompt tokens`,
    );
  }
  const tokens = promptTokens(segments);
  return turnSpans(segments).map(({ turnIndex, start, end }) => {
    if (start === 0 && end > 0) {
      throw new AlignmentError(
        'logprob_mismatch',
        `turn ${turnIndex} starts the prompt, so its first token has no log-prob`,
      );
    }
    const values = logprobs.slice(start, end);
    const missing = values.findIndex(
      (value) => typeof value !== 'number' || !Number.isFinite(value),
    );
    if (missing >= 0) {
      throw new AlignmentError(
        'no_prompt_logprobs',
        `no log-prob for token ${missing} of turn ${turnIndex} (prompt position ${start + missing})`,
      );
    }
    return { turnIndex, tokenIds: tokens.slice(start, end), logprobs: values as number[] };
  });
}

/** The stretch of `whole` after `prefix`, or null when `prefix` is not a prefix of it. */
export function tokensAfter(prefix: readonly number[], whole: readonly number[]): number[] | null {
  if (prefix.length > whole.length) return null;
  for (let i = 0; i < prefix.length; i += 1) if (prefix[i] !== whole[i]) return null;
  return whole.slice(prefix.length);
}
