// The statistics of comparing two runs on their shared tasks (docs/compare.md): each task's
// outcome in each run, whether the second run fixed or broke it, McNemar's exact test on those
// flips, a paired sign-flip permutation test on per-task success rates (k rollouts a task), and a
// paired bootstrap confidence interval of the difference in success rate. Pure and seeded, so
// the CLI and the UI print the same numbers.
import { seededRandom, type Random } from './seeded-random';

export interface RunTaskOutcome {
  /** Rollouts of the task in the run. */
  n: number;
  successes: number;
}

export type TaskStatus = 'fixed' | 'broken' | 'unchanged';

/** A task succeeds in a run when at least half its rollouts do (one rollout: that rollout). */
export function taskSucceeded(outcome: RunTaskOutcome): boolean {
  return outcome.n > 0 && outcome.successes / outcome.n >= 0.5;
}

export function taskStatus(a: RunTaskOutcome, b: RunTaskOutcome): TaskStatus {
  const before = taskSucceeded(a);
  const after = taskSucceeded(b);
  return before === after ? 'unchanged' : after ? 'fixed' : 'broken';
}

/** log(sum(exp(x))) without overflow. */
function logSumExp(values: readonly number[]): number {
  const top = Math.max(...values);
  return top + Math.log(values.reduce((sum, v) => sum + Math.exp(v - top), 0));
}

/**
 * McNemar's exact test: the two-sided binomial p-value of `broken` against `fixed` discordant
 * tasks under H0 p = 1/2, min(1, 2 * P(X <= min(b, c))) with X ~ Bin(b + c, 1/2). Concordant
 * tasks do not enter it. 1 when no task flipped.
 */
export function mcnemarExactP(fixed: number, broken: number): number {
  const n = fixed + broken;
  if (n === 0) return 1;
  const k = Math.min(fixed, broken);
  // log C(n, i) / 2^n, built term by term: C(n, i + 1) = C(n, i) (n - i) / (i + 1).
  const terms = [-n * Math.LN2];
  for (let i = 0; i < k; i += 1)
    terms.push((terms[i] as number) + Math.log(n - i) - Math.log(i + 1));
  return Math.min(1, 2 * Math.exp(logSumExp(terms)));
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/** The q-quantile of sorted values, linear between order statistics (as numpy's default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] as number;
  return a + ((sorted[high] as number) - a) * (position - low);
}

/**
 * A percentile bootstrap interval of the mean of per-task paired differences (success rate in B
 * minus in A): tasks are resampled with replacement, so the pairing within a task is kept.
 */
export function pairedBootstrapCi(
  differences: readonly number[],
  options: { resamples?: number; level?: number; random?: Random; seed?: number } = {},
): [number, number] {
  if (differences.length === 0) return [Number.NaN, Number.NaN];
  const resamples = options.resamples ?? 10_000;
  const level = options.level ?? 0.95;
  const random = options.random ?? seededRandom(options.seed ?? 0);
  const n = differences.length;
  const means: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += differences[Math.floor(random() * n)] as number;
    means.push(sum / n);
  }
  means.sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  return [quantile(means, tail), quantile(means, 1 - tail)];
}

/** Beyond this many nonzero differences the permutation test samples sign patterns. */
const EXACT_SIGN_FLIPS = 20;

/**
 * The paired sign-flip permutation test of per-task differences (H0: each difference is as
 * likely positive as negative): the share of sign patterns whose |sum| is at least the observed
 * one. Exact over all 2^m patterns of the m nonzero differences up to EXACT_SIGN_FLIPS, else
 * estimated from `samples` seeded patterns (counting the observed one, so p > 0).
 */
export function signFlipP(
  differences: readonly number[],
  options: { samples?: number; seed?: number } = {},
): number {
  const nonzero = differences.filter((d) => d !== 0);
  const m = nonzero.length;
  if (m === 0) return 1;
  const observed = Math.abs(nonzero.reduce((sum, d) => sum + d, 0));
  // Sums are compared with a small tolerance: rates like 1/3 do not add up exactly.
  const atLeast = (sum: number) => Math.abs(sum) >= observed - 1e-9;
  if (m <= EXACT_SIGN_FLIPS) {
    let extreme = 0;
    for (let pattern = 0; pattern < 2 ** m; pattern += 1) {
      let sum = 0;
      for (let i = 0; i < m; i += 1)
        sum += pattern & (1 << i) ? -(nonzero[i] as number) : (nonzero[i] as number);
      if (atLeast(sum)) extreme += 1;
    }
    return extreme / 2 ** m;
  }
  const samples = options.samples ?? 10_000;
  const random = seededRandom(options.seed ?? 0);
  let extreme = 1;
  for (let s = 0; s < samples; s += 1) {
    let sum = 0;
    for (const d of nonzero) sum += random() < 0.5 ? -d : d;
    if (atLeast(sum)) extreme += 1;
  }
  return extreme / (samples + 1);
}

/**
 * The unbiased pass@k of one task (Chen et al. 2021, "Evaluating Large Language Models Trained on
 * Code"): the chance that k of its n rollouts drawn without replacement hold at least one of its
 * c successes, 1 - C(n - c, k) / C(n, k), computed as a product so large n cannot overflow.
 */
export function passAtK({ n, successes }: RunTaskOutcome, k: number): number {
  if (k < 1 || k > n) throw new RangeError(`pass@${k} needs 1 <= k <= n (n = ${n})`);
  if (n - successes < k) return 1;
  let allFail = 1;
  for (let i = n - successes + 1; i <= n; i += 1) allFail *= 1 - k / i;
  return 1 - allFail;
}

/** pass@k of each run over the shared tasks, k the fewest rollouts any task has in either run. */
export function passAtKOverTasks(
  tasks: readonly { a: RunTaskOutcome; b: RunTaskOutcome }[],
): { k: number; a: number; b: number } | null {
  if (tasks.length === 0) return null;
  const k = Math.min(...tasks.flatMap(({ a, b }) => [a.n, b.n]));
  return {
    k,
    a: mean(tasks.map(({ a }) => passAtK(a, k))),
    b: mean(tasks.map(({ b }) => passAtK(b, k))),
  };
}

export interface PairedSummary {
  shared_tasks: number;
  fixed: number;
  broken: number;
  unchanged: number;
  /** Decision-level agreement: the unchanged tasks split into both right and both wrong. */
  agreement: { both_right: number; both_wrong: number; fixed: number; broken: number };
  /** Mean per-task success rate over the shared tasks; null when no task is shared. */
  success_a: number | null;
  success_b: number | null;
  difference: number | null;
  ci95: [number, number] | null;
  mcnemar_p: number;
  /** The sign-flip test on per-task rates: the test for k rollouts a task. */
  paired_p: number;
  pass_at_k: { k: number; a: number; b: number } | null;
}

/** The overall comparison of two runs over the tasks both ran. */
export function comparePaired(
  tasks: readonly { a: RunTaskOutcome; b: RunTaskOutcome }[],
  seed = 0,
): PairedSummary {
  const rateA = tasks.map(({ a }) => (a.n === 0 ? 0 : a.successes / a.n));
  const rateB = tasks.map(({ b }) => (b.n === 0 ? 0 : b.successes / b.n));
  const differences = rateB.map((rate, i) => rate - (rateA[i] as number));
  const statuses = tasks.map(({ a, b }) => taskStatus(a, b));
  const count = (status: TaskStatus) => statuses.filter((s) => s === status).length;
  const fixed = count('fixed');
  const broken = count('broken');
  return {
    shared_tasks: tasks.length,
    fixed,
    broken,
    unchanged: count('unchanged'),
    agreement: {
      both_right: tasks.filter(({ a, b }) => taskSucceeded(a) && taskSucceeded(b)).length,
      both_wrong: tasks.filter(({ a, b }) => !taskSucceeded(a) && !taskSucceeded(b)).length,
      fixed,
      broken,
    },
    // Without shared tasks there is no rate to state, rather than a rate of 0.
    success_a: tasks.length === 0 ? null : mean(rateA),
    success_b: tasks.length === 0 ? null : mean(rateB),
    difference: tasks.length === 0 ? null : mean(differences),
    // One task resamples to itself: an interval of width 0 would claim a certainty it lacks.
    ci95: tasks.length < 2 ? null : pairedBootstrapCi(differences, { seed }),
    mcnemar_p: mcnemarExactP(fixed, broken),
    paired_p: signFlipP(differences, { seed }),
    pass_at_k: passAtKOverTasks(tasks),
  };
}
