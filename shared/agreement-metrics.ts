// Agreement of one labeling with a reference labeling over the four TRIAGE roles (docs/judge.md):
// accuracy, per-role precision/recall/F1, Cohen's kappa and the confusion matrix. Used for a judge
// against human labels and for one annotator against another. Undefined quantities are null,
// never 0 or NaN, so "no data" is never shown as "always wrong".
import type { AgreementReport } from './api-judge-eval';
import { ROLE_LABELS, type RoleLabel } from './model';

export interface LabelPair {
  reference: RoleLabel;
  predicted: RoleLabel;
}

export interface BinaryScores {
  /** Reference positives. */
  support: number;
  /** TP / (TP + FP); null when nothing was predicted positive. */
  precision: number | null;
  /** TP / (TP + FN); null when there is no reference positive. */
  recall: number | null;
  /** 2TP / (2TP + FP + FN); null only when there is neither a reference nor a predicted positive. */
  f1: number | null;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/** Scores of a yes/no detector from its true-positive, false-positive and false-negative counts. */
export function binaryScores(tp: number, fp: number, fn: number): BinaryScores {
  return {
    support: tp + fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}

/** Scores of predicting `positive` from pairs where it may or may not be the reference. */
export function detectionScores(
  pairs: Iterable<{ reference: boolean; predicted: boolean }>,
): BinaryScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { reference, predicted } of pairs) {
    if (reference && predicted) tp++;
    else if (predicted) fp++;
    else if (reference) fn++;
  }
  return binaryScores(tp, fp, fn);
}

/** confusion[i][j]: pairs with reference ROLE_LABELS[i] and prediction ROLE_LABELS[j]. */
export function confusionMatrix(pairs: Iterable<LabelPair>): number[][] {
  const matrix = ROLE_LABELS.map(() => ROLE_LABELS.map(() => 0));
  for (const { reference, predicted } of pairs) {
    const row = matrix[ROLE_LABELS.indexOf(reference)];
    const j = ROLE_LABELS.indexOf(predicted);
    if (row !== undefined && j >= 0) row[j] = (row[j] ?? 0) + 1;
  }
  return matrix;
}

/**
 * Cohen's kappa of a confusion matrix: (p_o - p_e) / (1 - p_e), p_e from the two marginals. Null
 * without pairs, and when p_e = 1 (both labelings use one and the same single role: chance
 * explains everything, so agreement beyond chance is undefined).
 */
export function cohensKappa(confusion: number[][]): number | null {
  const n = confusion.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return null;
  const observed = confusion.reduce((sum, row, i) => sum + (row[i] ?? 0), 0) / n;
  let expected = 0;
  confusion.forEach((row, i) => {
    const rowTotal = row.reduce((a, b) => a + b, 0);
    const columnTotal = confusion.reduce((sum, other) => sum + (other[i] ?? 0), 0);
    expected += (rowTotal / n) * (columnTotal / n);
  });
  // Rounding can leave p_e a hair under 1 for a single shared role; treat that as 1.
  if (1 - expected < 1e-12) return null;
  return (observed - expected) / (1 - expected);
}

export function agreementReport(pairs: Iterable<LabelPair>): AgreementReport {
  const confusion = confusionMatrix(pairs);
  const n = confusion.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  const agreed = confusion.reduce((sum, row, i) => sum + (row[i] ?? 0), 0);
  const per_role = ROLE_LABELS.map((role, i) => {
    const row = confusion[i] ?? [];
    const tp = row[i] ?? 0;
    const fn = row.reduce((a, b) => a + b, 0) - tp;
    const fp = confusion.reduce((sum, other) => sum + (other[i] ?? 0), 0) - tp;
    return { role, ...binaryScores(tp, fp, fn) };
  });
  return { n, accuracy: ratio(agreed, n), kappa: cohensKappa(confusion), per_role, confusion };
}
