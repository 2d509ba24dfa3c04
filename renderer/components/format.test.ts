import { describe, expect, it } from 'vitest';
import { DASH, formatCount } from './format';

describe('formatCount', () => {
  const intl = new Intl.NumberFormat('en-US');

  it('groups whole numbers exactly as Intl does for en-US', () => {
    const values = [0, 7, 12, 999, 1000, 1001, 9999, 10_000, 123_456, 999_999, 1_000_000];
    for (let digits = 1; digits <= 16; digits += 1) {
      values.push(
        Number('9'.repeat(digits)),
        10 ** (digits - 1),
        Number('1234567890123456'.slice(0, digits)),
      );
    }
    values.push(Number.MAX_SAFE_INTEGER);
    for (const value of [...values, ...values.map((v) => -v)]) {
      expect(formatCount(value), String(value)).toBe(intl.format(value));
    }
  });

  it('formats fractions, huge and odd numbers through Intl', () => {
    for (const value of [0.5, -1234.5678, 1e21, 2 ** 60, Number.NaN, Infinity, -Infinity, -0]) {
      expect(formatCount(value), String(value)).toBe(intl.format(value));
    }
  });

  it('shows a dash for unknown', () => {
    expect(formatCount(null)).toBe(DASH);
    expect(formatCount(undefined)).toBe(DASH);
  });
});
