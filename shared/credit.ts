// Pure reference formulas for credit assignment (docs/credit.md). The DuckDB bulk implementation
// is checked against these to 1e-9, so every edge case is decided here and documented.
//
// Shared conventions:
// - A value is "missing" when it is null or NaN. Group statistics (GRPO, Dr. GRPO, DRIFT, whiten)
//   skip missing values and give them a null result; they never poison the rest of the group.
// - Sums and means are taken left to right in input order; ties go to the first index.
import * as z from 'zod';
import type { RoleLabel } from './model';

function isMissing(value: number | null | undefined): value is null | undefined {
  return value == null || Number.isNaN(value);
}

function sumOf(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

function meanOf(values: readonly number[]): number {
  return sumOf(values) / values.length;
}

// Loops rather than Math.min(...values): a long turn can exceed the engine's argument limit.
function minOf(values: readonly number[]): number {
  let min = Infinity;
  for (const v of values) if (v < min) min = v;
  return min;
}

function maxOf(values: readonly number[]): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  return max;
}

// ---------------------------------------------------------------------------------------------
// TRIAGE (Xu et al., arXiv 2606.32017): A_triage[i,k] = A_grpo[i] + lambda * c[role(i,k)].

/** Role constants, not conditioned on the outcome. */
export const ROLE_CONSTANTS: Readonly<Record<RoleLabel, number>> = {
  decisive_progress: 1.0,
  useful_exploration: 0.5,
  no_progress_infrastructure: -0.1,
  regression: -0.5,
};
/** Reported for ALFWorld and WebShop (0.4 for Search-QA); must lie in [0, 1]. */
export const DEFAULT_LAMBDA = 0.2;
export const WHITEN_EPS = 1e-8;

/** lambda * c[role]; an unlabeled segment (role null) gets no bonus, so its credit is A_grpo. */
export function roleBonus(role: RoleLabel | null, lambda: number = DEFAULT_LAMBDA): number {
  return role === null ? 0 : lambda * ROLE_CONSTANTS[role];
}

/** Segment credit. A null outcome advantage (unknown reward) gives null, as SQL arithmetic does. */
export function triageCredit(aGrpo: number, role: RoleLabel | null, lambda?: number): number;
export function triageCredit(
  aGrpo: number | null,
  role: RoleLabel | null,
  lambda?: number,
): number | null;
export function triageCredit(
  aGrpo: number | null,
  role: RoleLabel | null,
  lambda: number = DEFAULT_LAMBDA,
): number | null {
  return aGrpo === null ? null : aGrpo + roleBonus(role, lambda);
}

/**
 * True when the role bonus turned the outcome advantage into one of the opposite strict sign:
 * (aGrpo > 0 and total < 0) or (aGrpo < 0 and total > 0). An outcome advantage of exactly 0
 * (singleton or zero-variance group) has no sign to flip, so it is never flagged; a total of
 * exactly 0 is cancelled, not flipped. NaN compares false (so false); null in either gives null.
 * Compare the pre-whitening total: whitening shifts every value and is not the role's doing.
 */
export function signFlipped(aGrpo: number, total: number): boolean;
export function signFlipped(aGrpo: number | null, total: number | null): boolean | null;
export function signFlipped(aGrpo: number | null, total: number | null): boolean | null {
  if (aGrpo === null || total === null) return null;
  return (aGrpo > 0 && total < 0) || (aGrpo < 0 && total > 0);
}

/**
 * Optional batch whitening (x - mean) / (std + 1e-8), off by default. std is the population std
 * (divide by n) over the non-missing values, as docs/credit.md writes the formula. verl's masked_whiten
 * instead uses the Bessel-corrected variance and (x - mean) * rsqrt(var + 1e-8); the two differ
 * by a factor sqrt(n / (n - 1)), negligible at batch sizes. One known value whitens to 0.
 */
export function whiten(values: readonly (number | null)[]): (number | null)[] {
  const known = values.filter((v): v is number => !isMissing(v));
  if (known.length === 0) return values.map(() => null);
  const mean = meanOf(known);
  const std = Math.sqrt(meanOf(known.map((v) => (v - mean) ** 2)));
  return values.map((v) => (isMissing(v) ? null : (v - mean) / (std + WHITEN_EPS)));
}

// ---------------------------------------------------------------------------------------------
// Progress advantage (Oh et al., arXiv 2606.26080; deeplearning-wisc/progress-advantage).

export const TOKEN_AGGREGATIONS = ['mean', 'sum', 'last', 'min', 'max'] as const;
export type TokenAggregation = (typeof TOKEN_AGGREGATIONS)[number];
export const STEP_AGGREGATIONS = ['mean', 'sum', 'last', 'max', 'min', 'bottom10'] as const;
export type StepAggregation = (typeof STEP_AGGREGATIONS)[number];
export const FAILURE_METHODS = ['min_cumulative', 'sharpest_drop', 'sharpest_abs_drop'] as const;
export type FailureMethod = (typeof FAILURE_METHODS)[number];
export const DEFAULT_PROGRESS_BETA = 1.0;

/**
 * One model's log-probs over one step. An empty step aggregates to 0, as in the reference code,
 * so a step with no scored tokens still counts (and keeps the step divisor stable). Any NaN gives
 * NaN for every aggregation (DuckDB's list_min would skip it, so SQL must test for NaN first).
 */
export function aggregateTokens(values: readonly number[], agg: TokenAggregation): number {
  if (values.length === 0) return 0;
  if (values.some(Number.isNaN)) return Number.NaN;
  switch (agg) {
    case 'mean':
      return meanOf(values);
    case 'sum':
      return sumOf(values);
    case 'last':
      return values[values.length - 1] as number;
    case 'min':
      return minOf(values);
    case 'max':
      return maxOf(values);
  }
}

/** A_t = beta * (agg(logp_policy) - agg(logp_ref)): each side aggregated first, then subtracted. */
export function stepProgressAdvantage(
  logpPolicy: readonly number[],
  logpRef: readonly number[],
  beta: number = DEFAULT_PROGRESS_BETA,
  tokenAgg: TokenAggregation = 'mean',
): number {
  return beta * (aggregateTokens(logpPolicy, tokenAgg) - aggregateTokens(logpRef, tokenAgg));
}

/**
 * Trajectory score = agg_step(A_1..A_T). bottom10 is the mean of the ceil(T/10) lowest steps
 * (at least one). Null when there are no steps (the reference returns 0.0; no steps is no
 * evidence, and a 0 would rank as neutral in best-of-N) or when any step is NaN.
 */
export function trajectoryScore(
  advantages: readonly number[],
  stepAgg: StepAggregation,
): number | null {
  const T = advantages.length;
  if (T === 0 || advantages.some(Number.isNaN)) return null;
  switch (stepAgg) {
    case 'mean':
      return meanOf(advantages);
    case 'sum':
      return sumOf(advantages);
    case 'last':
      return advantages[T - 1] as number;
    case 'max':
      return maxOf(advantages);
    case 'min':
      return minOf(advantages);
    case 'bottom10': {
      const k = Math.max(1, Math.ceil(T / 10));
      return meanOf([...advantages].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, k));
    }
  }
}

/** Index of the smallest value, the first one on ties. */
function argminFirst(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++)
    if ((values[i] as number) < (values[best] as number)) best = i;
  return best;
}

/**
 * Predicted error step: a 0-based index into the action steps (map it to turn_index yourself).
 * Null for no steps or when any A_t is NaN. Ties go to the earliest step. Follows the reference
 * code (runners/fa.py), including its fallbacks to step 0:
 * - min_cumulative: argmin_t of the left-to-right running sum A_0 + ... + A_t.
 * - sharpest_drop: argmin_t A_t, but step 0 when no A_t is negative (nothing dropped).
 * - sharpest_abs_drop: argmin over t >= 1 of (A_t - A_{t-1}); step 0 itself is never scored
 *   (it has no predecessor) and is the answer when T = 1 or when every difference is > 0.
 */
export function failureStep(
  advantages: readonly number[],
  method: FailureMethod = 'min_cumulative',
): number | null {
  const T = advantages.length;
  if (T === 0 || advantages.some(Number.isNaN)) return null;
  switch (method) {
    case 'min_cumulative': {
      let running = 0;
      return argminFirst(advantages.map((a) => (running += a)));
    }
    case 'sharpest_drop':
      return advantages.every((a) => a >= 0) ? 0 : argminFirst(advantages);
    case 'sharpest_abs_drop': {
      if (T < 2) return 0;
      const deltas = advantages.slice(1).map((a, i) => a - (advantages[i] as number));
      return deltas.every((d) => d > 0) ? 0 : argminFirst(deltas) + 1;
    }
  }
}

/** Index of the highest score (ties: first); missing scores are skipped; null if none is known. */
export function bestOfN(scores: readonly (number | null)[]): number | null {
  let best: number | null = null;
  scores.forEach((s, i) => {
    if (!isMissing(s) && (best === null || s > (scores[best] as number))) best = i;
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Outcome advantages over one group (GRPO; Dr. GRPO drops the std division).

export const ADVANTAGE_VARIANTS = ['grpo', 'dr_grpo'] as const;
export type AdvantageVariant = (typeof ADVANTAGE_VARIANTS)[number];
export const STD_KINDS = ['sample', 'population'] as const;
export type StdKind = (typeof STD_KINDS)[number];
export const DEFAULT_GRPO_EPS = 1e-6;

/** no_rewards: no known reward; singleton: one; zero_variance: two or more, all exactly equal. */
export type GroupFlag = 'no_rewards' | 'singleton' | 'zero_variance';
export interface GroupAdvantages {
  /** Aligned with the input; null where the reward is missing. */
  advantages: (number | null)[];
  flag: GroupFlag | null;
}

/**
 * Shared by both variants. Missing rewards are left out of the statistics (n counts known
 * rewards only). Flagged groups give 0 to every known reward, exactly: zero variance is tested
 * as max === min, so float noise in the mean can never leak a tiny nonzero advantage.
 */
function groupAdvantages(
  rewards: readonly (number | null)[],
  scale: (known: readonly number[], mean: number) => number,
): GroupAdvantages {
  const known = rewards.filter((r): r is number => !isMissing(r));
  const toNull = (r: number | null) => (isMissing(r) ? null : 0);
  if (known.length === 0) return { advantages: rewards.map(() => null), flag: 'no_rewards' };
  if (known.length === 1) return { advantages: rewards.map(toNull), flag: 'singleton' };
  if (maxOf(known) === minOf(known))
    return { advantages: rewards.map(toNull), flag: 'zero_variance' };
  const mean = meanOf(known);
  const divisor = scale(known, mean);
  return {
    advantages: rewards.map((r) => (isMissing(r) ? null : (r - mean) / divisor)),
    flag: null,
  };
}

/**
 * GRPO: (r_i - mean) / (std + eps). std 'sample' is the unbiased (n - 1) std, as TRL and verl
 * compute it (torch.std); 'population' divides by n.
 */
export function grpoAdvantages(
  rewards: readonly (number | null)[],
  options: { std?: StdKind; eps?: number } = {},
): GroupAdvantages {
  const { std = 'sample', eps = DEFAULT_GRPO_EPS } = options;
  return groupAdvantages(rewards, (known, mean) => {
    let squares = 0;
    for (const r of known) squares += (r - mean) ** 2;
    const dof = std === 'sample' ? known.length - 1 : known.length;
    return Math.sqrt(squares / dof) + eps;
  });
}

/** Dr. GRPO: r_i - mean, with the same missing-reward handling and flags as GRPO. */
export function drGrpoAdvantages(rewards: readonly (number | null)[]): GroupAdvantages {
  return groupAdvantages(rewards, () => 1);
}

// ---------------------------------------------------------------------------------------------
// DRIFT export weights (arXiv 2605.31455; 2020-qqtcg/DRIFT compute_weights).

export const DEFAULT_DRIFT_BETA = 0.2;
const DRIFT_EPS = 1e-12;

/**
 * w_i = exp(R_i/beta - m) / (mean_j exp(R_j/beta - m) + 1e-12), m = max_j R_j/beta, over the
 * known rewards of one group; missing rewards get null and are left out of m and the mean.
 * beta must be > 0 (the reference rejects others). One known reward gets 1 / (1 + 1e-12).
 */
export function driftWeights(
  rewards: readonly (number | null)[],
  beta: number = DEFAULT_DRIFT_BETA,
): (number | null)[] {
  if (!(beta > 0)) throw new RangeError(`DRIFT beta must be > 0, got ${beta}`);
  const known = rewards.filter((r): r is number => !isMissing(r));
  if (known.length === 0) return rewards.map(() => null);
  const m = maxOf(known.map((r) => r / beta));
  const denominator = meanOf(known.map((r) => Math.exp(r / beta - m))) + DRIFT_EPS;
  return rewards.map((r) => (isMissing(r) ? null : Math.exp(r / beta - m) / denominator));
}

// ---------------------------------------------------------------------------------------------
// Parameters, shared with the API and the CLI (`turnwise credit`).

export const CreditParamsSchema = z
  .object({
    /** TRIAGE mixing weight of the role bonus. */
    lambda: z.number().min(0).max(1).default(DEFAULT_LAMBDA),
    /** Progress-advantage beta. */
    beta: z.number().positive().default(DEFAULT_PROGRESS_BETA),
    token_agg: z.enum(TOKEN_AGGREGATIONS).default('mean'),
    step_agg: z.enum(STEP_AGGREGATIONS).default('min'),
    failure_method: z.enum(FAILURE_METHODS).default('min_cumulative'),
    advantage: z.enum(ADVANTAGE_VARIANTS).default('grpo'),
    std: z.enum(STD_KINDS).default('sample'),
    eps: z.number().nonnegative().default(DEFAULT_GRPO_EPS),
    /** Batch whitening of the TRIAGE totals; off by default as in the paper. */
    whiten: z.boolean().default(false),
  })
  .strict();
export type CreditParams = z.infer<typeof CreditParamsSchema>;
export type CreditParamsInput = z.input<typeof CreditParamsSchema>;
