// Colour scales and bucketing of the per-token heat strips. Log-probs are <= 0: a sequential
// scale from pale (likely) to dark red (surprising); the policy - reference difference on a
// diverging scale, red where the policy finds a token less likely than the reference, blue more.

export interface Bucket {
  /** Token positions [start, end). */
  start: number;
  end: number;
  /** Mean, min and max of the bucket's non-null values; null when all are null. */
  mean: number | null;
  min: number | null;
  max: number | null;
}

/** Groups values into at most maxBuckets consecutive buckets of near-equal size. */
export function bucketize(values: readonly (number | null)[], maxBuckets: number): Bucket[] {
  const n = values.length;
  const count = Math.max(0, Math.min(n, Math.floor(maxBuckets)));
  const buckets: Bucket[] = [];
  for (let b = 0; b < count; b += 1) {
    const start = Math.floor((b * n) / count);
    const end = Math.floor(((b + 1) * n) / count);
    let sum = 0;
    let seen = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let i = start; i < end; i += 1) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      sum += v;
      seen += 1;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    buckets.push(
      seen === 0
        ? { start, end, mean: null, min: null, max: null }
        : { start, end, mean: sum / seen, min, max },
    );
  }
  return buckets;
}

/** The q-quantile (0..1) of the non-null values, or null when there are none. */
export function quantile(values: readonly (number | null)[], q: number): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[at] ?? null;
}

/**
 * The low end of the log-prob scale: the 2nd percentile of both strips' values, so one freak token
 * does not wash the rest out; at most -1 so an all-confident turn stays pale.
 */
export function logprobFloor(...lists: readonly (number | null)[][]): number {
  const low = quantile(lists.flat(), 0.02);
  return Math.min(-1, low ?? -1);
}

/** The half-width of the difference scale: the 98th percentile of |difference|, at least 0.1. */
export function differenceSpan(differences: readonly (number | null)[]): number {
  const abs = differences.map((d) => (d === null ? null : Math.abs(d)));
  return Math.max(0.1, quantile(abs, 0.98) ?? 0.1);
}

type Rgb = readonly [number, number, number];
const PALE: Rgb = [255, 247, 236];
const DARK_RED: Rgb = [153, 0, 13];
const RED: Rgb = [203, 24, 29];
const WHITE: Rgb = [247, 247, 247];
const BLUE: Rgb = [33, 102, 172];
export const MISSING_COLOR = 'rgb(190, 190, 190)';

function mix(a: Rgb, b: Rgb, t: number): string {
  const c = (i: 0 | 1 | 2) => Math.round(a[i] + (b[i] - a[i]) * t);
  return `rgb(${c(0)}, ${c(1)}, ${c(2)})`;
}

const clamp01 = (t: number) => Math.min(1, Math.max(0, t));

/** 0 is pale, floor (or lower) dark red. */
export function logprobColor(value: number | null, floor: number): string {
  if (value === null) return MISSING_COLOR;
  return mix(PALE, DARK_RED, clamp01(value / floor));
}

/** 0 is white, -span (or lower) red, +span (or higher) blue. */
export function differenceColor(value: number | null, span: number): string {
  if (value === null) return MISSING_COLOR;
  const t = clamp01(Math.abs(value) / span);
  return value < 0 ? mix(WHITE, RED, t) : mix(WHITE, BLUE, t);
}

/** policy - reference per token; null where either is missing. */
export function differences(
  policy: readonly (number | null)[],
  reference: readonly (number | null)[],
): (number | null)[] {
  return policy.map((p, i) => {
    const r = reference[i];
    return p === null || r === null || r === undefined ? null : p - r;
  });
}
