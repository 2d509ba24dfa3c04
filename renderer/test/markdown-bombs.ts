// Messages that stall or crash a Markdown parser (docs/security.md, "Message Markdown"), each
// about 60 KB, for the unit tests and e2e/markdown-bombs.spec.ts.
export const BOMBS = {
  nestedQuotes: `${'> '.repeat(8_000)}deep`,
  nestedLists: `${'- '.repeat(8_000)}deep`,
  nestedEmphasis: Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? '*a ' : '**b ')).join(''),
  alternatingDelimiters: `${'*_'.repeat(30_000)}x`,
  openBrackets: '['.repeat(60_000),
  unclosedLinks: '[a]('.repeat(15_000),
} as const;

/** Within every cap, and still seconds of parsing (setext headings are quadratic): the budget's. */
export const SLOW_UNDER_CAPS = 'a\n=\n'.repeat(20_000);
