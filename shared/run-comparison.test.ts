// Every expected value below is worked out by hand in the comment beside it.
import { describe, expect, it } from 'vitest';
import {
  comparePaired,
  mcnemarExactP,
  pairedBootstrapCi,
  passAtK,
  passAtKOverTasks,
  quantile,
  signFlipP,
  taskStatus,
} from './run-comparison';

const run = (n: number, successes: number) => ({ n, successes });

describe('run comparison statistics', () => {
  it('calls a task fixed, broken or unchanged by its success in each run (rate >= 0.5)', () => {
    expect(taskStatus(run(1, 0), run(1, 1))).toBe('fixed');
    expect(taskStatus(run(1, 1), run(1, 0))).toBe('broken');
    expect(taskStatus(run(4, 2), run(4, 4))).toBe('unchanged'); // 0.5 already succeeds
    expect(taskStatus(run(4, 1), run(4, 2))).toBe('fixed');
    expect(taskStatus(run(0, 0), run(3, 0))).toBe('unchanged'); // no rollouts: not a success
  });

  it("gives McNemar's exact p from the discordant tasks", () => {
    // n = 7, k = 1: (C(7,0) + C(7,1)) / 2^7 = 8/128; two-sided: 0.125.
    expect(mcnemarExactP(6, 1)).toBeCloseTo(0.125, 12);
    // n = 12, k = 2: (1 + 12 + 66) / 4096 = 79/4096; two-sided: 158/4096.
    expect(mcnemarExactP(2, 10)).toBeCloseTo(158 / 4096, 12);
    // n = 6, k = 3: (1 + 6 + 15 + 20) / 64 = 42/64; doubled is over 1, so 1.
    expect(mcnemarExactP(3, 3)).toBe(1);
    expect(mcnemarExactP(0, 0)).toBe(1);
    // n = 1000, k = 0: 2 * 2^-1000 = 2^-999, computed in log space without underflow.
    expect(mcnemarExactP(1000, 0)).toBeCloseTo(2 ** -999, 310);
  });

  it('takes quantiles between order statistics as numpy does', () => {
    // position (4 - 1) * 0.25 = 0.75: 10 + 0.75 * (20 - 10) = 17.5.
    expect(quantile([10, 20, 30, 40], 0.25)).toBe(17.5);
    expect(quantile([10, 20, 30, 40], 1)).toBe(40);
  });

  it('bootstraps the mean paired difference over resampled tasks', () => {
    // Two resamples of two tasks, drawing indices 0,0 then 1,1: means 0 and 1; the 2.5% and
    // 97.5% quantiles of [0, 1] are 0.025 and 0.975.
    const draws = [0.1, 0.2, 0.7, 0.9];
    let i = 0;
    const random = () => draws[i++ % draws.length] as number;
    const [lo, hi] = pairedBootstrapCi([0, 1], { resamples: 2, random });
    expect(lo).toBeCloseTo(0.025, 12);
    expect(hi).toBeCloseTo(0.975, 12);
    // Every task moved by the same amount: nothing to resample but that amount.
    expect(pairedBootstrapCi([1, 1, 1], { seed: 7 })).toEqual([1, 1]);
    // Seeded: the same interval every time.
    const d = [1, 0, 0, -1, 1, 1, 0, 1];
    expect(pairedBootstrapCi(d, { seed: 3 })).toEqual(pairedBootstrapCi(d, { seed: 3 }));
  });

  it('gives the exact sign-flip p of paired differences', () => {
    // [1, 1, 1]: of 8 sign patterns only +++ and --- reach |sum| 3: 2/8.
    expect(signFlipP([1, 1, 1])).toBe(0.25);
    // Five +1 and one -1 (sum 4): |2p - 6| >= 4 for p plus signs in 0, 1, 5, 6:
    // (1 + 6 + 6 + 1) / 64 = 14/64.
    expect(signFlipP([1, 1, 1, 1, 1, -1, 0, 0])).toBe(14 / 64);
    expect(signFlipP([0, 0])).toBe(1);
    // Thirds: 1/3 + 1/3 + 1/3 must still count the observed pattern as extreme.
    expect(signFlipP([1 / 3, 1 / 3, 1 / 3])).toBe(0.25);
  });

  it('estimates the sign-flip p by seeded sampling beyond 20 differences', () => {
    const p = signFlipP(
      Array.from({ length: 30 }, () => 1),
      { samples: 2000, seed: 1 },
    );
    // Exact: 2 / 2^30; sampled with the observed pattern counted: at least 1/2001, and small.
    expect(p).toBeGreaterThanOrEqual(1 / 2001);
    expect(p).toBeLessThan(0.01);
  });

  it('sums up a paired comparison over the shared tasks', () => {
    const summary = comparePaired([
      { a: run(1, 0), b: run(1, 1) }, // fixed, difference +1
      { a: run(1, 0), b: run(1, 1) }, // fixed, +1
      { a: run(1, 1), b: run(1, 0) }, // broken, -1
      { a: run(1, 1), b: run(1, 1) }, // unchanged, 0
    ]);
    expect(summary).toMatchObject({
      shared_tasks: 4,
      fixed: 2,
      broken: 1,
      unchanged: 1,
      success_a: 0.5, // 2 of 4
      success_b: 0.75, // 3 of 4
      difference: 0.25,
      // n = 3, k = 1: (1 + 3) / 8, doubled: 1.
      mcnemar_p: 1,
      // Nonzero [1, 1, -1] (sum 1): every one of the 8 patterns has |sum| >= 1.
      paired_p: 1,
    });
    const [lo, hi] = summary.ci95 ?? [Number.NaN, Number.NaN];
    expect(lo).toBeLessThanOrEqual(0.25);
    expect(hi).toBeGreaterThanOrEqual(0.25);
  });

  it('states no interval for one shared task, which resamples to itself', () => {
    const one = comparePaired([{ a: { n: 1, successes: 0 }, b: { n: 2, successes: 1 } }], 0);
    expect(one).toMatchObject({ shared_tasks: 1, fixed: 1, difference: 0.5, ci95: null });
  });

  it('states no rate and no interval when no task is shared', () => {
    expect(comparePaired([], 0)).toEqual({
      shared_tasks: 0,
      fixed: 0,
      broken: 0,
      unchanged: 0,
      success_a: null,
      success_b: null,
      difference: null,
      ci95: null,
      mcnemar_p: 1,
      paired_p: 1,
      agreement: { both_right: 0, both_wrong: 0, fixed: 0, broken: 0 },
      pass_at_k: null,
    });
  });

  it('splits the unchanged tasks into both right and both wrong', () => {
    // 1 of 2 is already a success in A, so 1/2 -> 2/2 is both right, not fixed.
    const summary = comparePaired([
      { a: run(2, 1), b: run(2, 2) },
      { a: run(2, 0), b: run(2, 0) },
      { a: run(2, 0), b: run(2, 2) },
    ]);
    expect(summary.agreement).toEqual({ both_right: 1, both_wrong: 1, fixed: 1, broken: 0 });
  });

  it('computes the unbiased pass@k by hand', () => {
    // n = 8, c = 3, k = 2: 1 - C(5, 2) / C(8, 2) = 1 - 10 / 28.
    expect(passAtK({ n: 8, successes: 3 }, 2)).toBeCloseTo(18 / 28, 14);
    // k = 1 is the success rate; k = n is "any success"; too few failures to fill k: 1.
    expect(passAtK({ n: 8, successes: 3 }, 1)).toBeCloseTo(3 / 8, 14);
    expect(passAtK({ n: 8, successes: 3 }, 8)).toBe(1);
    expect(passAtK({ n: 8, successes: 0 }, 8)).toBe(0);
    expect(passAtK({ n: 4, successes: 3 }, 2)).toBe(1);
    expect(() => passAtK({ n: 2, successes: 1 }, 3)).toThrow(RangeError);
    // k is the fewest rollouts of any task in either run: 2 here.
    const tasks = [
      { a: { n: 8, successes: 3 }, b: { n: 2, successes: 1 } },
      { a: { n: 4, successes: 0 }, b: { n: 4, successes: 4 } },
    ];
    expect(passAtKOverTasks(tasks)).toEqual({
      k: 2,
      a: expect.closeTo((18 / 28 + 0) / 2, 14) as unknown as number,
      b: 1,
    });
  });
});
