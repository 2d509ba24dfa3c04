// Alignment of prompt log-probs to assistant turns, on hand-checked token spans.
import { describe, expect, it } from 'vitest';
import {
  AlignmentError,
  alignTurnLogprobs,
  fitToContext,
  promptTokens,
  tokensAfter,
  turnSpans,
  type Segment,
} from './alignment';
import {
  promptLogprobsFromEcho,
  promptLogprobsFromVllm,
  type CompletionResponse,
} from './vllm-responses';

// BOS, "<|im_start|>user\n" ...; positions:  0  1   2    3 | 4    5    6 | 7  8   9  10 | 11
const SEGMENTS: Segment[] = [
  { kind: 'context', tokens: [1, 2, 500, 10] },
  { kind: 'turn', turnIndex: 2, tokens: [601, 602, 603] },
  { kind: 'context', tokens: [3, 10, 2, 700] },
  { kind: 'turn', turnIndex: 4, tokens: [801] },
];
/** Position i's log-prob is -i/10, so a value tells which position it came from. */
const LOGPROBS = [null, ...Array.from({ length: 11 }, (_, i) => -(i + 1) / 10)];

describe('alignment of prompt log-probs to turns', () => {
  it('concatenates the segments and knows each turn span', () => {
    expect(promptTokens(SEGMENTS)).toEqual([1, 2, 500, 10, 601, 602, 603, 3, 10, 2, 700, 801]);
    expect(turnSpans(SEGMENTS)).toEqual([
      { turnIndex: 2, start: 4, end: 7 },
      { turnIndex: 4, start: 11, end: 12 },
    ]);
  });

  it("gives each turn its own tokens' log-probs, position by position", () => {
    expect(alignTurnLogprobs(SEGMENTS, LOGPROBS)).toEqual([
      { turnIndex: 2, tokenIds: [601, 602, 603], logprobs: [-0.4, -0.5, -0.6] },
      { turnIndex: 4, tokenIds: [801], logprobs: [-1.1] },
    ]);
  });

  it('refuses log-probs that do not line up with the prompt', () => {
    expect(() => alignTurnLogprobs(SEGMENTS, LOGPROBS.slice(1))).toThrow(
      /11 prompt log-probs for 12 prompt tokens/,
    );
    const gap = [...LOGPROBS];
    gap[5] = null;
    expect(() => alignTurnLogprobs(SEGMENTS, gap)).toThrow(
      /token 1 of turn 2 \(prompt position 5\)/,
    );
    const first: Segment[] = [{ kind: 'turn', turnIndex: 0, tokens: [5, 6] }];
    expect(() => alignTurnLogprobs(first, [null, -1])).toThrow(AlignmentError);
  });

  it('cuts a prompt after its last turn that fits the context', () => {
    expect(fitToContext(SEGMENTS, 12)).toEqual({ segments: SEGMENTS, droppedTurns: [] });
    expect(fitToContext(SEGMENTS, 11)).toEqual({
      segments: SEGMENTS.slice(0, 2),
      droppedTurns: [4],
    });
    expect(fitToContext(SEGMENTS, 7)).toEqual({
      segments: SEGMENTS.slice(0, 2),
      droppedTurns: [4],
    });
    expect(fitToContext(SEGMENTS, 6)).toEqual({ segments: [], droppedTurns: [2, 4] });
  });

  it('finds the tokens after a prefix, or tells that it is no prefix', () => {
    expect(tokensAfter([1, 2], [1, 2, 3, 4])).toEqual([3, 4]);
    expect(tokensAfter([], [7])).toEqual([7]);
    expect(tokensAfter([1, 3], [1, 2, 3])).toBeNull();
    expect(tokensAfter([1, 2, 3], [1, 2])).toBeNull();
  });
});

describe('reading prompt log-probs from a completions response', () => {
  const entry = (logprob: number) => ({ logprob, rank: 1, decoded_token: 'x' });

  it("reads vLLM's prompt_logprobs by the token id sent at each position", () => {
    const response = {
      choices: [
        {
          prompt_logprobs: [
            null,
            { '20': entry(-0.25), '99': entry(-3) }, // the prompt token and a top-k neighbour
            { '30': entry(-1.5) },
          ],
        },
      ],
    } as CompletionResponse;
    expect(promptLogprobsFromVllm(response, [10, 20, 30])).toEqual([null, -0.25, -1.5]);
    expect(() => promptLogprobsFromVllm(response, [10, 21, 30])).toThrow(/entry 1 does not hold/);
    expect(() => promptLogprobsFromVllm(response, [10, 20])).toThrow(/3 entries for 2/);
  });

  it('reads the legacy echo shape: the prompt positions come first', () => {
    const response = {
      choices: [{ logprobs: { token_logprobs: [null, -0.5, -0.75, -2] } }],
    } as CompletionResponse;
    expect(promptLogprobsFromEcho(response, 3)).toEqual([null, -0.5, -0.75]);
    expect(() => promptLogprobsFromEcho(response, 5)).toThrow(/4 token log-probs for 5/);
  });
});
