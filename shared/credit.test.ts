// Worked examples computed by hand (the arithmetic is in the comments). The SQL bulk
// implementation is checked against these functions, so each edge case is pinned here.
import { describe, expect, it } from 'vitest';
import {
  CreditParamsSchema,
  DEFAULT_LAMBDA,
  ROLE_CONSTANTS,
  aggregateTokens,
  bestOfN,
  drGrpoAdvantages,
  driftWeights,
  failureStep,
  grpoAdvantages,
  roleBonus,
  signFlipped,
  stepProgressAdvantage,
  trajectoryScore,
  triageCredit,
  whiten,
} from './credit';

const closeAll = (actual: (number | null)[], expected: (number | null)[]) => {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => {
    if (value === null) expect(actual[i]).toBeNull();
    else expect(actual[i]).toBeCloseTo(value, 12);
  });
};

describe('TRIAGE segment credit', () => {
  it('uses the paper constants and lambda 0.2', () => {
    expect(ROLE_CONSTANTS).toEqual({
      decisive_progress: 1.0,
      useful_exploration: 0.5,
      no_progress_infrastructure: -0.1,
      regression: -0.5,
    });
    expect(DEFAULT_LAMBDA).toBe(0.2);
  });

  it('adds lambda * c[role] to the outcome advantage', () => {
    // Regression inside a success: 0.8 + 0.2 * -0.5 = 0.7.
    expect(triageCredit(0.8, 'regression')).toBeCloseTo(0.7, 12);
    // Decisive progress inside a failure: -0.3 + 0.2 * 1.0 = -0.1.
    expect(triageCredit(-0.3, 'decisive_progress', 0.2)).toBeCloseTo(-0.1, 12);
    // Infrastructure with the Search-QA lambda: 1 + 0.4 * -0.1 = 0.96.
    expect(triageCredit(1, 'no_progress_infrastructure', 0.4)).toBeCloseTo(0.96, 12);
    // Zero-variance group: 0 + 0.2 * 0.5 = 0.1.
    expect(triageCredit(0, 'useful_exploration')).toBeCloseTo(0.1, 12);
    expect(roleBonus('regression', 0.4)).toBeCloseTo(-0.2, 12); // 0.4 * -0.5
  });

  it('gives no bonus to an unlabeled segment and null for an unknown outcome', () => {
    expect(roleBonus(null)).toBe(0);
    expect(triageCredit(0.7, null)).toBe(0.7);
    expect(triageCredit(null, 'regression')).toBeNull();
  });

  it('flags strict sign flips only', () => {
    // -0.05 + 0.2 * 0.5 = +0.05: exploration in a failure turned positive.
    const total = triageCredit(-0.05, 'useful_exploration');
    expect(total).toBeCloseTo(0.05, 12);
    expect(signFlipped(-0.05, total)).toBe(true);
    expect(signFlipped(0.05, -0.05)).toBe(true);
    expect(signFlipped(0.8, 0.7)).toBe(false);
    expect(signFlipped(0, 0.1)).toBe(false); // no sign to flip
    expect(signFlipped(0, -0.1)).toBe(false);
    expect(signFlipped(0.1, 0)).toBe(false); // cancelled, not flipped
    expect(signFlipped(Number.NaN, 1)).toBe(false);
    expect(signFlipped(null, 1)).toBeNull();
    expect(signFlipped(1, null)).toBeNull();
  });
});

describe('whiten', () => {
  it('uses the population std and adds 1e-8 to it', () => {
    // [2,4,4,4,5,5,7,9]: mean 40/8 = 5; squared deviations 9,1,1,1,0,0,4,16 = 32; 32/8 = 4; std 2.
    // (2-5)/2.00000001 = -1.4999999925; (4-5)/.. = -0.4999999975; 2/.. = 0.999999995; 4/.. = 1.99999999
    closeAll(whiten([2, null, 4, 4, 4, 5, 5, 7, Number.NaN, 9]), [
      -1.4999999925,
      null,
      -0.4999999975,
      -0.4999999975,
      -0.4999999975,
      0,
      0,
      0.999999995,
      null,
      1.99999999,
    ]);
  });

  it('handles empty, single and all-missing inputs', () => {
    expect(whiten([])).toEqual([]);
    expect(whiten([3])).toEqual([0]); // (3 - 3) / (0 + 1e-8)
    expect(whiten([null, Number.NaN])).toEqual([null, null]);
  });
});

describe('progress advantage', () => {
  it('aggregates tokens five ways', () => {
    const logp = [-1, -2, -0.5, -4];
    expect(aggregateTokens(logp, 'mean')).toBeCloseTo(-1.875, 12); // -7.5 / 4
    expect(aggregateTokens(logp, 'sum')).toBe(-7.5);
    expect(aggregateTokens(logp, 'last')).toBe(-4);
    expect(aggregateTokens(logp, 'min')).toBe(-4);
    expect(aggregateTokens(logp, 'max')).toBe(-0.5);
  });

  it('aggregates an empty step to 0 and propagates NaN', () => {
    for (const agg of ['mean', 'sum', 'last', 'min', 'max'] as const) {
      expect(aggregateTokens([], agg)).toBe(0);
      expect(aggregateTokens([-1, Number.NaN, -2], agg)).toBeNaN();
    }
  });

  it('aggregates each model first, then subtracts', () => {
    // mean: policy -3/3 = -1, ref -6/3 = -2 -> 1 * (-1 - -2) = 1.
    expect(stepProgressAdvantage([-0.5, -1.5, -1.0], [-1.0, -2.0, -3.0])).toBeCloseTo(1, 12);
    // min with beta 0.5: 0.5 * (-1.5 - -3.0) = 0.75.
    expect(stepProgressAdvantage([-0.5, -1.5, -1.0], [-1.0, -2.0, -3.0], 0.5, 'min')).toBe(0.75);
    // last with beta 2: 2 * (-1.0 - -3.0) = 4.
    expect(stepProgressAdvantage([-0.5, -1.5, -1.0], [-1.0, -2.0, -3.0], 2, 'last')).toBe(4);
    // min(policy) - min(ref) = -4 - -3 = -1, not min of token-wise differences [2, -2] = -2.
    expect(stepProgressAdvantage([-1, -4], [-3, -2], 1, 'min')).toBe(-1);
    // Sides may differ in length: mean -2 - mean -1.5 = -0.5.
    expect(stepProgressAdvantage([-1, -3], [-1.5])).toBe(-0.5);
  });

  it('treats an empty side as 0', () => {
    expect(stepProgressAdvantage([], [])).toBe(0);
    expect(stepProgressAdvantage([], [-2])).toBe(2); // 0 - (-2)
  });

  it('scores a trajectory with every step aggregation', () => {
    const a = [0.5, -1.0, 2.0, -0.25, 0.75]; // sum 2.0
    expect(trajectoryScore(a, 'sum')).toBeCloseTo(2.0, 12);
    expect(trajectoryScore(a, 'mean')).toBeCloseTo(0.4, 12); // 2.0 / 5
    expect(trajectoryScore(a, 'last')).toBe(0.75);
    expect(trajectoryScore(a, 'max')).toBe(2.0);
    expect(trajectoryScore(a, 'min')).toBe(-1.0);
    expect(trajectoryScore(a, 'bottom10')).toBe(-1.0); // ceil(0.5) = 1 lowest step
  });

  it('averages the ceil(T/10) lowest steps for bottom10', () => {
    // T = 11 -> ceil(1.1) = 2 lowest: -2 and -1 -> -1.5.
    expect(trajectoryScore([3, -2, 1, 0, 5, -1, 2, 4, 6, 7, 8], 'bottom10')).toBe(-1.5);
    // T = 10 -> 1 lowest: -2.
    expect(trajectoryScore([3, -2, 1, 0, 5, -1, 2, 4, 6, 7], 'bottom10')).toBe(-2);
    // T = 21 -> 3 lowest of 1..21: (1 + 2 + 3) / 3 = 2.
    const ramp = Array.from({ length: 21 }, (_, i) => 21 - i);
    expect(trajectoryScore(ramp, 'bottom10')).toBe(2);
  });

  it('scores single-step, empty and NaN trajectories', () => {
    for (const agg of ['mean', 'sum', 'last', 'max', 'min', 'bottom10'] as const) {
      expect(trajectoryScore([-0.3], agg)).toBe(-0.3);
      expect(trajectoryScore([], agg)).toBeNull();
      expect(trajectoryScore([1, Number.NaN], agg)).toBeNull();
    }
  });
});

describe('failure attribution', () => {
  const a = [0.5, -1.0, 2.0, -0.25, 0.75];

  it('min_cumulative takes the lowest running sum', () => {
    // Running sums 0.5, -0.5, 1.5, 1.25, 2.0 -> step 1.
    expect(failureStep(a)).toBe(1);
    // [1, -2, 0.5, 0.5, -1.5]: running sums 1, -1, -0.5, 0, -1.5 -> step 4.
    expect(failureStep([1, -2, 0.5, 0.5, -1.5], 'min_cumulative')).toBe(4);
    // [-1, 1, -1]: running sums -1, 0, -1 tie -> first, step 0.
    expect(failureStep([-1, 1, -1], 'min_cumulative')).toBe(0);
  });

  it('sharpest_drop takes the lowest step, or step 0 when nothing is negative', () => {
    expect(failureStep(a, 'sharpest_drop')).toBe(1); // -1.0
    expect(failureStep([1, -2, 0.5, 0.5, -1.5], 'sharpest_drop')).toBe(1); // -2
    expect(failureStep([0.5, -1, -1], 'sharpest_drop')).toBe(1); // tie -> first
    expect(failureStep([0.3, 0.1, 0.2], 'sharpest_drop')).toBe(0); // bare argmin would be 1
    expect(failureStep([0.3, 0, 0.2], 'sharpest_drop')).toBe(0);
  });

  it('sharpest_abs_drop takes the largest fall from the previous step', () => {
    // Differences at t=1..4: -1.5, 3.0, -2.25, 1.0 -> step 3.
    expect(failureStep(a, 'sharpest_abs_drop')).toBe(3);
    // [1, -2, 0.5, 0.5, -1.5]: -3, 2.5, 0, -2 -> step 1.
    expect(failureStep([1, -2, 0.5, 0.5, -1.5], 'sharpest_abs_drop')).toBe(1);
    expect(failureStep([0, -1, -2], 'sharpest_abs_drop')).toBe(1); // -1, -1 tie -> first
    expect(failureStep([0.1, 0.2, 0.5], 'sharpest_abs_drop')).toBe(0); // all rises -> step 0
    expect(failureStep([0.1, 0.1, 0.5], 'sharpest_abs_drop')).toBe(1); // 0, 0.4 -> a flat step
  });

  it('handles single-step, empty and NaN trajectories', () => {
    for (const method of ['min_cumulative', 'sharpest_drop', 'sharpest_abs_drop'] as const) {
      expect(failureStep([-3], method)).toBe(0);
      expect(failureStep([], method)).toBeNull();
      expect(failureStep([1, Number.NaN, -1], method)).toBeNull();
    }
  });

  it('bestOfN picks the first highest known score', () => {
    expect(bestOfN([0.2, 0.9, null, 0.9, -1])).toBe(1);
    expect(bestOfN([Number.NaN, -3])).toBe(1);
    expect(bestOfN([null, Number.NaN])).toBeNull();
    expect(bestOfN([])).toBeNull();
  });
});

describe('outcome advantages', () => {
  it('GRPO divides by the sample std plus eps', () => {
    // [1,0,0,1]: mean 0.5; squares 4 * 0.25 = 1; sample var 1/3; std 0.5773502691896258.
    // 0.5 / (0.5773502691896258 + 1e-6) = 0.866025403784 - 1.5e-6 + 2.6e-12 = 0.8660239037870
    const { advantages, flag } = grpoAdvantages([1, 0, 0, 1]);
    expect(flag).toBeNull();
    closeAll(
      advantages,
      [0.866023903787037, -0.866023903787037, -0.866023903787037, 0.866023903787037],
    );
    // eps 0: 0.5 / sqrt(1/3) = sqrt(3) / 2.
    closeAll(
      grpoAdvantages([1, 0, 0, 1], { eps: 0 }).advantages,
      [0.8660254037844386, -0.8660254037844386, -0.8660254037844386, 0.8660254037844386],
    );
  });

  it('GRPO can use the population std', () => {
    // Population std of [1,0,0,1] is 0.5: 0.5 / 0.500001 = 1 / (1 + 2e-6) = 0.999998000004.
    closeAll(
      grpoAdvantages([1, 0, 0, 1], { std: 'population' }).advantages,
      [0.999998000004, -0.999998000004, -0.999998000004, 0.999998000004],
    );
  });

  it('leaves missing rewards out of the group and gives them null', () => {
    // Known [1, 0, 0.5]: mean 0.5; squares 0.25 + 0.25 + 0 = 0.5; sample var 0.25; std 0.5.
    // 0.5 / 0.500001 = 0.999998000004.
    const { advantages, flag } = grpoAdvantages([1, null, 0, Number.NaN, 0.5]);
    expect(flag).toBeNull();
    closeAll(advantages, [0.999998000004, null, -0.999998000004, null, 0]);
  });

  it('flags singleton, zero-variance and reward-less groups with exact zeros', () => {
    expect(grpoAdvantages([0.7])).toEqual({ advantages: [0], flag: 'singleton' });
    expect(grpoAdvantages([null, 0.7, Number.NaN])).toEqual({
      advantages: [null, 0, null],
      flag: 'singleton',
    });
    expect(grpoAdvantages([0.1, 0.1, 0.1])).toEqual({
      advantages: [0, 0, 0],
      flag: 'zero_variance',
    });
    expect(grpoAdvantages([0.3, null, 0.3])).toEqual({
      advantages: [0, null, 0],
      flag: 'zero_variance',
    });
    expect(grpoAdvantages([null, null])).toEqual({ advantages: [null, null], flag: 'no_rewards' });
    expect(grpoAdvantages([])).toEqual({ advantages: [], flag: 'no_rewards' });
  });

  it('Dr. GRPO subtracts the mean only, with the same flags', () => {
    expect(drGrpoAdvantages([1, 0, 0, 1])).toEqual({
      advantages: [0.5, -0.5, -0.5, 0.5],
      flag: null,
    });
    // Mean (0.9 + 0.1 + 0.2) / 3 = 0.4 -> 0.5, -0.3, -0.2; the null stays null.
    closeAll(drGrpoAdvantages([0.9, 0.1, null, 0.2]).advantages, [0.5, -0.3, null, -0.2]);
    expect(drGrpoAdvantages([2])).toEqual({ advantages: [0], flag: 'singleton' });
    expect(drGrpoAdvantages([1, 1])).toEqual({ advantages: [0, 0], flag: 'zero_variance' });
  });
});

describe('DRIFT weights', () => {
  it('softmax-weights a group relative to its mean', () => {
    // beta 0.2: R/beta = [5, 0], m = 5; exp(0) = 1, exp(-5) = 0.006737946999085467.
    // mean = 0.5033689734995427; + 1e-12 -> 0.5033689735005427.
    // w = 1 / that = 1.986614298147484; exp(-5) / that = 0.013385701848543121.
    closeAll(driftWeights([1, null, 0]), [1.986614298147484, null, 0.013385701848543121]);
    // beta 1, R = [ln 2, 0]: exp(0) = 1, exp(-ln 2) = 0.5, mean 0.75.
    // 1 / (0.75 + 1e-12) = 1.3333333333315556; 0.5 / (0.75 + 1e-12) = 0.6666666666657778.
    closeAll(driftWeights([Math.LN2, 0], 1), [1.3333333333315556, 0.6666666666657778]);
  });

  it('handles equal, single, empty and invalid inputs', () => {
    // Equal rewards: every exp(...) = 1, mean 1, w = 1 / (1 + 1e-12) = 0.999999999999.
    closeAll(driftWeights([0.5, 0.5]), [0.999999999999, 0.999999999999]);
    closeAll(driftWeights([3]), [0.999999999999]);
    expect(driftWeights([])).toEqual([]);
    expect(driftWeights([null])).toEqual([null]);
    expect(() => driftWeights([1], 0)).toThrow(RangeError);
  });
});

describe('CreditParamsSchema', () => {
  it('fills the paper defaults', () => {
    expect(CreditParamsSchema.parse({})).toEqual({
      lambda: 0.2,
      beta: 1.0,
      token_agg: 'mean',
      step_agg: 'min',
      failure_method: 'min_cumulative',
      advantage: 'grpo',
      std: 'sample',
      eps: 1e-6,
      whiten: false,
    });
  });

  it('rejects out-of-range values and unknown keys', () => {
    expect(CreditParamsSchema.safeParse({ lambda: 1.5 }).success).toBe(false);
    expect(CreditParamsSchema.safeParse({ beta: 0 }).success).toBe(false);
    expect(CreditParamsSchema.safeParse({ step_agg: 'median' }).success).toBe(false);
    expect(CreditParamsSchema.safeParse({ lamda: 0.4 }).success).toBe(false);
    expect(CreditParamsSchema.parse({ advantage: 'dr_grpo', std: 'population' })).toMatchObject({
      advantage: 'dr_grpo',
      std: 'population',
    });
  });
});
