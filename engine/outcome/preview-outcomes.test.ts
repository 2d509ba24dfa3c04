import { describe, expect, it } from 'vitest';
import { previewOutcomes } from './preview-outcomes';

describe('previewOutcomes', () => {
  it('settles silent outcomes by reward >= 1 when every previewed reward is 0 or 1', () => {
    const { rule, samples } = previewOutcomes([
      { reward: 1, success: null },
      { reward: 0, success: null },
      { reward: null, success: null },
      { reward: 0, success: true },
    ]);
    expect(rule).toBe('reward >= 1');
    expect(samples.map((s) => s.success)).toEqual([true, false, null, true]);
  });

  it('leaves outcomes unknown when a reward is not binary, as the import does', () => {
    const input = [
      { reward: 1, success: null },
      { reward: 0.5, success: null },
    ];
    const { rule, samples } = previewOutcomes(input);
    expect(rule).toBeNull();
    expect(samples.map((s) => s.success)).toEqual([null, null]);
  });

  it('has no rule without any reward', () => {
    expect(previewOutcomes([{ reward: null, success: null }]).rule).toBeNull();
  });
});
