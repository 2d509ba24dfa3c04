// Number and date formatting shared by the tables; null means "unknown" and is shown as a dash.
export const DASH = '—';

// Whole counts are grouped by hand: the page's first Intl.NumberFormat loads ICU's number data,
// ~45 ms of a cold explorer load on 2 cores (docs/performance.md, "App start"). Other numbers go
// through one shared formatter, made on first use (toLocaleString would build one per call).
let numberFormat: Intl.NumberFormat | undefined;

/** A whole number with en-US thousands separators (1234567 -> 1,234,567). */
function groupDigits(value: number): string {
  const digits = String(Math.abs(value));
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

export function formatCount(value: number | null | undefined): string {
  if (value == null) return DASH;
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) return groupDigits(value);
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
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
