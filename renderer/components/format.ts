// Number and date formatting shared by the tables; null means "unknown" and is shown as a dash.
export const DASH = '—';

// One formatter for every call: toLocaleString builds a new one each time, which was the largest
// single cost of drawing the explorer's first rows (docs/performance.md).
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number | null | undefined): string {
  return value == null ? DASH : COUNT.format(value);
}

export function formatPercent(value: number | null | undefined): string {
  return value == null ? DASH : `${(value * 100).toFixed(1)}%`;
}

/** Rewards are often small or fractional; 4 significant digits keep columns readable. */
export function formatReward(value: number | null | undefined): string {
  if (value == null) return DASH;
  if (Number.isInteger(value)) return String(value);
  return Number(value.toPrecision(4)).toString();
}

export function formatDateTime(value: string | null | undefined): string {
  if (value == null || value === '') return DASH;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}
