// Rank metrics for "does the score predict success" (docs/credit.md, progress advantage): AUROC and
// Spearman's rho. Pairs with a missing value (null, or a NaN score) are dropped first.

function isMissing(value: number | null): value is null {
  return value === null || Number.isNaN(value);
}

function requireSameLength(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length)
    throw new RangeError(`length mismatch: ${a.length} values vs ${b.length}`);
}

function compareNumbers(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * 1-based ranks in ascending order; tied values share the average of the ranks they span
 * (e.g. [10, 20, 20, 30] -> [1, 2.5, 2.5, 4]).
 */
export function averageRanks(values: readonly number[]): number[] {
  // A comparison, not subtraction: Infinity - Infinity is NaN.
  const order = values
    .map((_, i) => i)
    .sort((a, b) => compareNumbers(values[a] as number, values[b] as number));
  const ranks = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (
      end + 1 < order.length &&
      values[order[end + 1] as number] === values[order[start] as number]
    )
      end++;
    // Positions start..end (0-based) hold ranks start+1..end+1; their mean is exact in binary.
    const rank = (start + end + 2) / 2;
    for (let k = start; k <= end; k++) ranks[order[k] as number] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Area under the ROC curve = P(score of a positive > score of a negative), ties counting 1/2
 * (the Mann-Whitney U statistic over n_pos * n_neg). Computed from average ranks, which gives the
 * same U as counting pairs. Null when either class is empty after dropping missing pairs.
 */
export function auroc(
  scores: readonly (number | null)[],
  labels: readonly (boolean | null)[],
): number | null {
  requireSameLength(scores, labels);
  const kept: number[] = [];
  const positive: boolean[] = [];
  scores.forEach((score, i) => {
    const label = labels[i];
    if (isMissing(score) || label == null) return;
    kept.push(score);
    positive.push(label);
  });
  const nPos = positive.filter(Boolean).length;
  const nNeg = positive.length - nPos;
  if (nPos === 0 || nNeg === 0) return null;
  const ranks = averageRanks(kept);
  let positiveRankSum = 0;
  ranks.forEach((rank, i) => {
    if (positive[i]) positiveRankSum += rank;
  });
  const u = positiveRankSum - (nPos * (nPos + 1)) / 2;
  return u / (nPos * nNeg);
}

/**
 * Spearman's rho: the Pearson correlation of the average ranks. Null when fewer than two pairs
 * remain or when either side is constant (its ranks have no variance, so rho is undefined).
 */
export function spearman(
  x: readonly (number | null)[],
  y: readonly (number | null)[],
): number | null {
  requireSameLength(x, y);
  const xs: number[] = [];
  const ys: number[] = [];
  x.forEach((xi, i) => {
    const yi = y[i] ?? null;
    if (isMissing(xi) || isMissing(yi)) return;
    xs.push(xi);
    ys.push(yi);
  });
  const n = xs.length;
  if (n < 2) return null;
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const meanRank = (n + 1) / 2; // ranks always sum to n(n+1)/2, ties included
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < n; i++) {
    const dx = (rx[i] as number) - meanRank;
    const dy = (ry[i] as number) - meanRank;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  return covariance / Math.sqrt(varianceX * varianceY);
}
