import { describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../shared/api-export';
import { trainFlagOf, weightOf, weightRule } from './weight-transform';

const linear = WeightingSchema.parse({});

describe('weightOf', () => {
  it('maps credit linearly around 1 and clips to [min, max]', () => {
    expect(weightOf(0.25, linear)).toBe(1.25);
    expect(weightOf(-0.6, linear)).toBe(0.4);
    expect(weightOf(3, linear)).toBe(2);
    expect(weightOf(-5, linear)).toBe(0);
    expect(weightOf(null, linear)).toBe(1);
  });
  it('maps credit exponentially when asked', () => {
    const exp = WeightingSchema.parse({ transform: 'exp', scale: 2, min: 0.1, max: 5 });
    expect(weightOf(0.5, exp)).toBe(Math.round(Math.E * 1e6) / 1e6);
    expect(weightOf(-10, exp)).toBe(0.1);
  });
  it('sets binary train flags at the threshold', () => {
    expect(trainFlagOf(0, linear)).toBe(true);
    expect(trainFlagOf(-0.01, linear)).toBe(false);
    expect(trainFlagOf(null, linear)).toBe(true);
  });
  it('states the rule with its parameters', () => {
    expect(weightRule(linear)).toContain('min(2, max(0, 1 + 1 * x))');
  });
  it('refuses min above max', () => {
    expect(WeightingSchema.safeParse({ min: 3, max: 2 }).success).toBe(false);
  });
});
