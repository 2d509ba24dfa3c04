import { describe, expect, it } from 'vitest';
import { generatedText, meanLogprobGap, scoreGeneration } from './logprobs';
import { encode, tokenize, VOCAB_SIZE } from './tokenizer';

const TEXT = 'The offset must subtract one before multiplying.\nedit_file({"path":"src/pager.py"})';

describe('tokenizer', () => {
  it('splits text into pieces that join back to it, with stable ids below the vocabulary size', () => {
    expect(tokenize(TEXT).join('')).toBe(TEXT);
    expect(tokenize(' multiplication')).toEqual([' multip', 'licati', 'on']);
    expect(encode(TEXT)).toEqual(encode(TEXT));
    expect(encode(TEXT).every((id) => Number.isInteger(id) && id >= 0 && id < VOCAB_SIZE)).toBe(
      true,
    );
  });
});

describe('synthetic log-probs', () => {
  it('gives equal-length arrays of plausible, rounded values, fixed by the context', () => {
    const scores = scoreGeneration(TEXT, 42, 'useful_exploration');
    const n = tokenize(TEXT).length;
    expect([scores.token_ids.length, scores.logp_ref.length, scores.logp_policy.length]).toEqual([
      n,
      n,
      n,
    ]);
    expect(scores.logp_ref.every((v) => v >= -3 && v <= -0.01)).toBe(true);
    expect(scores.logp_policy.every((v) => v < 0)).toBe(true);
    expect(scores.logp_ref.every((v) => Number((v * 1e4).toFixed(6)) % 1 === 0)).toBe(true);
    expect(scoreGeneration(TEXT, 42, 'useful_exploration')).toEqual(scores);
    expect(scoreGeneration(TEXT, 43, 'useful_exploration')).not.toEqual(scores);
  });

  it('moves the policy away from the reference by the step role', () => {
    const contexts = Array.from({ length: 200 }, (_, i) => i * 7919);
    const gap = (role: Parameters<typeof scoreGeneration>[2]): number =>
      contexts.reduce((sum, c) => sum + meanLogprobGap(scoreGeneration(TEXT, c, role)), 0) /
      contexts.length;
    const decisive = gap('decisive_progress');
    const exploration = gap('useful_exploration');
    const infrastructure = gap('no_progress_infrastructure');
    const regression = gap('regression');
    expect(decisive).toBeGreaterThan(exploration);
    expect(exploration).toBeGreaterThan(infrastructure);
    expect(infrastructure).toBeGreaterThan(regression);
    expect(Math.abs(infrastructure)).toBeLessThan(0.05);
    // The reference log-probs do not depend on the role: only the policy moves.
    expect(scoreGeneration(TEXT, 5, 'regression').logp_ref).toEqual(
      scoreGeneration(TEXT, 5, 'decisive_progress').logp_ref,
    );
  });

  it('scores reasoning, content and tool calls together', () => {
    const text = generatedText({
      reasoning: 'Think.',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'run_tests', arguments: '{}' } },
      ],
    });
    expect(text).toBe('Think.\nrun_tests({})');
  });
});
