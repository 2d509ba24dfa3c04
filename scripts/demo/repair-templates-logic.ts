// Repair templates whose bugs are logic slips: a dropped leap-year exception, swapped min/max,
// multiplication where exponentiation was meant, an unguarded division.

import type { BugTemplate } from './repair-catalog';

export const DATES_TEMPLATE: BugTemplate = {
  module: 'dates',
  moduleDoc: 'Calendar arithmetic used by the scheduling service.',
  target: {
    name: 'is_leap_year',
    params: ['year'],
    doc: 'True if `year` has a February 29 in the Gregorian calendar.',
    body: 'year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)',
    cases: [
      { name: 'typical', args: [2024] },
      { name: 'common', args: [2023] },
      { name: 'century', args: [1900] },
      { name: 'quad_century', args: [2000] },
    ],
    mutations: ['year % 4 == 0'],
  },
  buggy: 'year % 4 == 0 and year % 100 != 0',
  fixes: [
    { expr: 'year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)', kind: 'correct' },
    { expr: 'year % 400 == 0 or (year % 4 == 0 and year % 100 != 0)', kind: 'correct' },
    { expr: 'year % 4 == 0', kind: 'wrong' },
    { expr: 'year % 400 == 0 or year % 100 != 0', kind: 'wrong' },
    { expr: 'year % 4 == 0 and (year % 100 != 0 or year % 400 == 0', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'days_in_year',
      params: ['year'],
      doc: 'Number of days in `year`.',
      body: '366 if is_leap_year(year) else 365',
      cases: [
        { name: 'leap', args: [2024] },
        { name: 'common', args: [2023] },
        { name: 'quad_century', args: [2000] },
        { name: 'century', args: [1900] },
      ],
      mutations: ['366 if year % 4 == 0 else 365'],
    },
  ],
  symptom:
    'February 29, 2000 is rejected as an invalid date, and the yearly report says 2000 had 365 days.',
  pinpoint: '`is_leap_year(2000)` returns False, but years divisible by 400 are leap years',
  insight:
    'Century years are leap years only when divisible by 400, and the current expression drops that exception.',
};

export const RANGES_TEMPLATE: BugTemplate = {
  module: 'ranges',
  moduleDoc: 'Numeric range helpers for UI controls.',
  target: {
    name: 'clamp',
    params: ['value', 'low', 'high'],
    doc: 'Limit `value` to the closed interval [low, high].',
    body: 'min(max(value, low), high)',
    cases: [
      { name: 'inside', args: [5, 0, 10] },
      { name: 'below', args: [-3, 0, 10] },
      { name: 'above', args: [42, 0, 10] },
    ],
    mutations: ['max(value, low)'],
  },
  buggy: 'max(min(value, low), high)',
  fixes: [
    { expr: 'min(max(value, low), high)', kind: 'correct' },
    { expr: 'max(low, min(value, high))', kind: 'correct' },
    { expr: 'min(value, high)', kind: 'partial' },
    { expr: 'max(value, low)', kind: 'wrong' },
    { expr: 'min(max(value, low), high', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'in_range',
      params: ['x', 'low', 'high'],
      doc: 'True if low <= x <= high.',
      body: 'low <= x <= high',
      cases: [
        { name: 'lower_bound', args: [0, 0, 10] },
        { name: 'upper_bound', args: [10, 0, 10] },
        { name: 'outside', args: [11, 0, 10] },
      ],
      mutations: ['low < x < high'],
    },
  ],
  symptom:
    'Volume sliders jump to the maximum as soon as they are touched: every value ends up at the upper limit.',
  pinpoint: '`clamp(5, 0, 10)` returns 10 instead of 5 because min and max are swapped',
  insight:
    'clamp has to apply max with the lower bound first and then min with the upper bound; the two calls are swapped.',
};

export const RETRY_TEMPLATE: BugTemplate = {
  module: 'retry',
  moduleDoc: 'Retry timing for outbound HTTP calls.',
  target: {
    name: 'backoff_delay',
    params: ['attempt', 'base'],
    doc: 'Delay in ms before retry number `attempt` (0-based), doubling each time.',
    body: 'base * 2 ** attempt',
    cases: [
      { name: 'first_attempt', args: [0, 100] },
      { name: 'second_attempt', args: [1, 100] },
      { name: 'fourth_attempt', args: [3, 50] },
    ],
    mutations: ['base * attempt'],
  },
  buggy: 'base * 2 * attempt',
  fixes: [
    { expr: 'base * 2 ** attempt', kind: 'correct' },
    { expr: 'base * (2 ** attempt)', kind: 'correct' },
    { expr: 'base + base * attempt', kind: 'wrong' },
    { expr: '(base * 2) ** attempt', kind: 'wrong' },
    { expr: 'base * 2 ** (attempt - 1)', kind: 'wrong' },
    { expr: 'base * 2 ** (attempt', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'capped_delay',
      params: ['attempt', 'base', 'cap'],
      doc: 'Backoff delay limited to `cap` ms.',
      body: 'min(backoff_delay(attempt, base), cap)',
      cases: [
        { name: 'capped', args: [5, 100, 1000] },
        { name: 'uncapped', args: [1, 100, 1000] },
        { name: 'first', args: [0, 100, 1000] },
      ],
      mutations: ['max(backoff_delay(attempt, base), cap)', 'min(base * 2 ** attempt, cap)'],
    },
  ],
  symptom:
    'The first retry after a failed upload fires immediately (0 ms delay) and later retries back off far too slowly.',
  pinpoint:
    '`backoff_delay(0, 100)` returns 0 instead of 100; the delay must double with every attempt',
  insight:
    'Exponential backoff is base * 2 ** attempt; the code multiplies by attempt instead of raising 2 to it.',
};

export const STATS_TEMPLATE: BugTemplate = {
  module: 'stats',
  moduleDoc: 'Aggregates for the team dashboard.',
  target: {
    name: 'mean_or_zero',
    params: ['total', 'count'],
    doc: 'Integer mean of `count` values summing to `total`; 0 when there are none.',
    body: 'total // count if count > 0 else 0',
    cases: [
      { name: 'even', args: [10, 2] },
      { name: 'rounding', args: [7, 2] },
      { name: 'empty', args: [0, 0] },
    ],
    mutations: ['total // (count + 1)'],
  },
  buggy: 'total // count',
  fixes: [
    { expr: 'total // count if count > 0 else 0', kind: 'correct' },
    { expr: 'total // max(count, 1)', kind: 'correct' },
    { expr: 'total // count if count else 1', kind: 'wrong' },
    { expr: 'total / count if count > 0 else 0', kind: 'wrong' },
    { expr: 'total // count if count > 0', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'percentage',
      params: ['part', 'whole'],
      doc: 'Share of `part` in `whole`, in whole percent.',
      body: 'part * 100 // whole',
      cases: [
        { name: 'quarter', args: [1, 4] },
        { name: 'whole', args: [3, 3] },
      ],
      mutations: ['part // whole * 100'],
    },
  ],
  symptom:
    'The dashboard crashes with ZeroDivisionError for teams that have not logged any sessions yet.',
  pinpoint: '`mean_or_zero(0, 0)` raises ZeroDivisionError; it must return 0 when count is 0',
  insight: 'The helper promises 0 for an empty count but divides unconditionally.',
};
