// Repair templates whose bugs are arithmetic slips: off-by-one offsets, inverted factors,
// discounts returned instead of applied, truncating instead of rounding up.

import type { BugTemplate } from './repair-catalog';

export const PAGER_TEMPLATE: BugTemplate = {
  module: 'pager',
  moduleDoc: 'Pagination helpers for list endpoints.',
  target: {
    name: 'page_offset',
    params: ['page', 'size'],
    doc: 'Index of the first item on a 1-based page.',
    body: '(page - 1) * size',
    cases: [
      { name: 'first_page', args: [1, 10] },
      { name: 'third_page', args: [3, 25] },
      { name: 'small_pages', args: [2, 3] },
    ],
    mutations: ['page * size - size - 1'],
  },
  buggy: 'page * size',
  fixes: [
    { expr: '(page - 1) * size', kind: 'correct' },
    { expr: 'max(page - 1, 0) * size', kind: 'correct' },
    { expr: 'page * size - 1', kind: 'wrong' },
    { expr: '(page + 1) * size', kind: 'wrong' },
    { expr: '(page - 1 * size', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'page_count',
      params: ['total', 'size'],
      doc: 'Number of pages needed to show `total` items.',
      body: '(total + size - 1) // size',
      cases: [
        { name: 'exact', args: [100, 10] },
        { name: 'remainder', args: [101, 10] },
        { name: 'empty', args: [0, 10] },
      ],
      mutations: ['total // size', 'total // size + 1'],
    },
  ],
  symptom:
    'Opening page 1 of any list shows the second page of results (items 11-20 with a page size of 10).',
  pinpoint: '`page_offset(1, 10)` returns 10, but pages are 1-based so it must return 0',
  insight:
    'Pages are 1-based, so the offset has to subtract one from the page before multiplying by the page size.',
};

export const PRICING_TEMPLATE: BugTemplate = {
  module: 'pricing',
  moduleDoc: 'Price arithmetic in integer cents.',
  target: {
    name: 'apply_discount',
    params: ['price', 'percent'],
    doc: 'Price after taking `percent` off, rounded down to a cent.',
    body: 'price - price * percent // 100',
    cases: [
      { name: 'ten_percent', args: [200, 10] },
      { name: 'no_discount', args: [99, 0] },
      { name: 'full_discount', args: [50, 100] },
    ],
    mutations: ['price - percent'],
  },
  buggy: 'price * percent // 100',
  fixes: [
    { expr: 'price - price * percent // 100', kind: 'correct' },
    { expr: 'price * (100 - percent) // 100', kind: 'correct' },
    { expr: 'price - percent', kind: 'partial' },
    { expr: 'price * (1 - percent // 100)', kind: 'partial' },
    { expr: 'price - price * percent // 100)', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'add_tax',
      params: ['price', 'rate_percent'],
      doc: 'Price including tax, rounded down to a cent.',
      body: 'price + price * rate_percent // 100',
      cases: [
        { name: 'standard', args: [100, 20] },
        { name: 'zero_price', args: [0, 20] },
        { name: 'odd_rate', args: [99, 7] },
      ],
      mutations: ['price * rate_percent // 100'],
    },
  ],
  symptom:
    'Checkout charges customers only the discount: a 10% coupon on a 200-cent basket produces a total of 20 cents.',
  pinpoint: '`apply_discount(200, 10)` returns 20 (the discount itself) instead of 180',
  insight: 'The function returns the discount amount instead of subtracting it from the price.',
};

export const UNITS_TEMPLATE: BugTemplate = {
  module: 'units',
  moduleDoc: 'Unit conversions for the weather widgets (integer degrees).',
  target: {
    name: 'c_to_f',
    params: ['celsius'],
    doc: 'Degrees Celsius to whole degrees Fahrenheit.',
    body: 'celsius * 9 // 5 + 32',
    cases: [
      { name: 'freezing', args: [0] },
      { name: 'boiling', args: [100] },
      { name: 'body', args: [37] },
      { name: 'minus_forty', args: [-40] },
    ],
    mutations: ['(celsius + 32) * 9 // 5'],
  },
  buggy: 'celsius * 5 // 9 + 32',
  fixes: [
    { expr: 'celsius * 9 // 5 + 32', kind: 'correct' },
    { expr: '(celsius * 9 + 160) // 5', kind: 'correct' },
    { expr: 'celsius * 9 / 5 + 32', kind: 'partial' },
    { expr: '(celsius + 32) * 9 // 5', kind: 'wrong' },
    { expr: 'celsius * 9 // 5 +', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'f_to_c',
      params: ['fahrenheit'],
      doc: 'Degrees Fahrenheit to whole degrees Celsius.',
      body: '(fahrenheit - 32) * 5 // 9',
      cases: [
        { name: 'boiling', args: [212] },
        { name: 'freezing', args: [32] },
      ],
      mutations: ['(fahrenheit - 32) * 9 // 5'],
    },
  ],
  symptom: 'Weather widgets show 87°F for boiling water and 52°F for body temperature.',
  pinpoint: '`c_to_f(100)` returns 87 instead of 212; the 9/5 factor is inverted',
  insight: 'Celsius to Fahrenheit multiplies by 9/5, not 5/9; the factors are swapped.',
};

export const BATCHING_TEMPLATE: BugTemplate = {
  module: 'batching',
  moduleDoc: 'Splitting exports into fixed-size batches.',
  target: {
    name: 'batch_count',
    params: ['items', 'batch_size'],
    doc: 'Number of batches needed for `items` rows.',
    body: '(items + batch_size - 1) // batch_size',
    cases: [
      { name: 'exact', args: [100, 10] },
      { name: 'remainder', args: [101, 10] },
      { name: 'small', args: [3, 10] },
      { name: 'empty', args: [0, 10] },
    ],
    mutations: ['items // batch_size + 1'],
  },
  buggy: 'items // batch_size',
  fixes: [
    { expr: '(items + batch_size - 1) // batch_size', kind: 'correct' },
    { expr: '-(-items // batch_size)', kind: 'correct' },
    { expr: 'items // batch_size + 1', kind: 'wrong' },
    { expr: '(items + batch_size - 1 // batch_size', kind: 'syntax' },
  ],
  siblings: [
    {
      name: 'last_batch_size',
      params: ['items', 'batch_size'],
      doc: 'Rows in the final batch.',
      body: 'items % batch_size or batch_size',
      cases: [
        { name: 'partial', args: [101, 10] },
        { name: 'full', args: [100, 10] },
      ],
      mutations: ['items % batch_size'],
    },
  ],
  symptom:
    'Export jobs silently drop the final partial batch: exporting 101 rows only processes 100.',
  pinpoint: '`batch_count(101, 10)` returns 10; a trailing partial batch must count',
  insight: 'The batch count has to round up so that a trailing partial batch is still processed.',
};
