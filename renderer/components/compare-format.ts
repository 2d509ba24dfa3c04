// Number formats of the compare and runs pages: differences in percentage points, p-values,
// intervals; null is a dash like everywhere else.
import { DASH } from './format';

/** A difference of success rates as signed percentage points: "+12.5 pts". */
export function formatPoints(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return DASH;
  const points = value * 100;
  const text = Math.abs(points).toFixed(1);
  if (text === '0.0') return '0.0 pts';
  return `${points > 0 ? '+' : '−'}${text} pts`;
}

export function formatInterval(interval: readonly [number, number] | null): string {
  if (interval === null || interval.some((v) => Number.isNaN(v))) return DASH;
  return `[${formatPoints(interval[0])}, ${formatPoints(interval[1])}]`;
}

export function formatP(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return DASH;
  if (value < 0.001) return '< 0.001';
  return Number(value.toPrecision(2)).toString();
}

/** A mean (actions, progress): 3 significant digits. */
export function formatMean(value: number | null | undefined): string {
  if (value == null || Number.isNaN(value)) return DASH;
  return Number(value.toPrecision(3)).toString();
}

/** "a → b" for a value of run A and of run B. */
export function arrow(a: string, b: string): string {
  return `${a} → ${b}`;
}

/** A signed change of two plain numbers (B − A), or a dash when either is missing. */
export function formatChange(a: number | null, b: number | null, digits = 3): string {
  if (a === null || b === null) return DASH;
  const change = b - a;
  const text = Number(Math.abs(change).toPrecision(digits)).toString();
  if (Number(text) === 0) return '0';
  return `${change > 0 ? '+' : '−'}${text}`;
}
