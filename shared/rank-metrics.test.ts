import { describe, expect, it } from 'vitest';
import { auroc, averageRanks, spearman } from './rank-metrics';

describe('averageRanks', () => {
  it('ranks ascending from 1 and averages ties', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
    expect(averageRanks([3, 1, 2])).toEqual([3, 1, 2]);
    expect(averageRanks([5, 5, 5])).toEqual([2, 2, 2]);
    expect(averageRanks([Infinity, -Infinity, Infinity])).toEqual([2.5, 1, 2.5]);
    expect(averageRanks([])).toEqual([]);
  });
});

describe('auroc', () => {
  it('is the fraction of positive-negative pairs ranked correctly', () => {
    // Positives 0.9, 0.7; negatives 0.8, 0.6, 0.5. 0.9 beats 3, 0.7 beats 2: U = 5 of 6.
    expect(auroc([0.9, 0.8, 0.7, 0.6, 0.5], [true, false, true, false, false])).toBeCloseTo(
      5 / 6,
      12,
    );
  });

  it('counts ties as one half', () => {
    // Positives 1, 2; negatives 1, 0. Pairs: (1,1) 0.5, (1,0) 1, (2,1) 1, (2,0) 1 -> 3.5 / 4.
    expect(auroc([1, 1, 2, 0], [true, false, true, false])).toBe(0.875);
    expect(auroc([0.5, 0.5, 0.5], [true, false, false])).toBe(0.5);
  });

  it('reaches 1 and 0 at the extremes', () => {
    expect(auroc([3, 2, 1], [true, false, false])).toBe(1);
    expect(auroc([1, 2, 3], [true, false, false])).toBe(0);
  });

  it('drops missing pairs and is null with one class', () => {
    // Kept: (0.9, true), (0.1, false) -> 1.
    expect(auroc([0.9, Number.NaN, 0.1, null, 0.2], [true, false, false, true, null])).toBe(1);
    expect(auroc([0.1, 0.2], [true, true])).toBeNull();
    expect(auroc([0.1, 0.2], [false, false])).toBeNull();
    expect(auroc([], [])).toBeNull();
    expect(() => auroc([1], [])).toThrow(RangeError);
  });
});

describe('spearman', () => {
  it('is the Pearson correlation of average ranks', () => {
    // x ranks 1..5; y = [5,6,7,8,7] ranks [1,2,3.5,5,3.5]; mean rank 3.
    // dx = [-2,-1,0,1,2], dy = [-2,-1,0.5,2,0.5]: cov 4+1+0+2+1 = 8, vx 10, vy 9.5.
    // rho = 8 / sqrt(95) = 8 / 9.746794344808963 = 0.8207826816681233.
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 12);
  });

  it('is 1 or -1 for monotone relations', () => {
    expect(spearman([1, 2, 3], [1, 4, 9])).toBe(1);
    expect(spearman([1, 2, 3], [9, 4, 1])).toBe(-1);
  });

  it('drops missing pairs and is null when undefined', () => {
    // Kept (1,2), (3,1), (4,5): x ranks 1,2,3; y ranks 2,1,3; dx -1,0,1; dy 0,-1,1 -> 1 / 2.
    expect(spearman([1, null, 3, 4, Number.NaN], [2, 7, 1, 5, 3])).toBeCloseTo(0.5, 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull(); // constant x
    expect(spearman([1, 2, 3], [4, 4, 4])).toBeNull(); // constant y
    expect(spearman([1], [2])).toBeNull();
    expect(spearman([], [])).toBeNull();
    expect(() => spearman([1, 2], [1])).toThrow(RangeError);
  });
});
