import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('repeats its sequence for a seed, differs across seeds, stays in [0, 1)', () => {
    const a = Array.from({ length: 1000 }, seededRandom(7));
    expect(Array.from({ length: 1000 }, seededRandom(7))).toEqual(a);
    expect(Array.from({ length: 1000 }, seededRandom(8))).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = a.reduce((sum, x) => sum + x, 0) / a.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
  });
});
