import { describe, expect, it } from 'vitest';
import {
  bucketize,
  differenceColor,
  differences,
  differenceSpan,
  logprobColor,
  logprobFloor,
  MISSING_COLOR,
} from './heat-scale';

describe('bucketize', () => {
  it('keeps one bucket per token when there is room', () => {
    const buckets = bucketize([-1, null, -3], 10);
    expect(buckets).toEqual([
      { start: 0, end: 1, mean: -1, min: -1, max: -1 },
      { start: 1, end: 2, mean: null, min: null, max: null },
      { start: 2, end: 3, mean: -3, min: -3, max: -3 },
    ]);
  });

  it('aggregates many tokens into at most maxBuckets covering every token once', () => {
    const values = Array.from({ length: 10_001 }, (_, i) => (i % 7 === 0 ? 0 : -(i % 7)));
    const buckets = bucketize(values, 600);
    expect(buckets).toHaveLength(600);
    expect(buckets[0]?.start).toBe(0);
    expect(buckets.at(-1)?.end).toBe(10_001);
    for (let b = 1; b < buckets.length; b += 1) {
      expect(buckets[b]?.start).toBe(buckets[b - 1]?.end);
    }
    const first = buckets[0];
    expect(first?.min).toBe(-6);
    expect(first?.max).toBe(0);
    const head = values.slice(0, first?.end);
    expect(first?.mean).toBeCloseTo(head.reduce((a, b) => a + b, 0) / head.length, 9);
  });
});

describe('scales', () => {
  it('puts the floor at the 2nd percentile of both strips, never above -1', () => {
    const policy = Array.from({ length: 100 }, (_, i) => -i / 10); // 0 .. -9.9
    expect(logprobFloor(policy, [])).toBeCloseTo(-9.7, 5);
    expect(logprobFloor([-0.1, -0.2], [null])).toBe(-1);
    expect(logprobFloor([], [])).toBe(-1);
  });

  it('colours log-probs from pale at 0 to dark red at the floor, clamped', () => {
    expect(logprobColor(0, -5)).toBe('rgb(255, 247, 236)');
    expect(logprobColor(-5, -5)).toBe('rgb(153, 0, 13)');
    expect(logprobColor(-50, -5)).toBe('rgb(153, 0, 13)');
    expect(logprobColor(-2.5, -5)).toBe('rgb(204, 124, 125)');
    expect(logprobColor(null, -5)).toBe(MISSING_COLOR);
  });

  it('colours differences red below zero, blue above, white at zero', () => {
    expect(differenceColor(0, 1)).toBe('rgb(247, 247, 247)');
    expect(differenceColor(-1, 1)).toBe('rgb(203, 24, 29)');
    expect(differenceColor(3, 1)).toBe('rgb(33, 102, 172)');
    expect(differenceColor(null, 1)).toBe(MISSING_COLOR);
  });

  it('differences policy minus reference, null where either is missing', () => {
    expect(differences([-1, null, -2], [-3, -1, null])).toEqual([2, null, null]);
    expect(differenceSpan([0.01, -0.02])).toBe(0.1);
    expect(differenceSpan([1, -2, 3])).toBe(3);
  });
});
