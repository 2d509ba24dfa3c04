import { describe, expect, it } from 'vitest';
import { BOMBS, SLOW_UNDER_CAPS } from '../test/markdown-bombs';
import { delimiterCounts, markdownCapExceeded, MARKDOWN_CAPS, nestingDepth } from './markdown-caps';

describe('markdown caps', () => {
  it('measures quote and list nesting at the start of lines', () => {
    expect(nestingDepth('plain\n> quote\n> > - item\n   1. x')).toBe(3);
    expect(nestingDepth('>>> three')).toBe(3);
    expect(nestingDepth('-not a list\n*emphasis*\n2024. a year?')).toBe(1);
    // A thematic break is one line of dashes or stars, not a nesting.
    expect(nestingDepth(`${'- '.repeat(40)}\n${'* '.repeat(40)}`)).toBe(0);
  });

  it('counts emphasis runs and link brackets', () => {
    expect(delimiterCounts('**bold** _em_ ~~del~~ snake_case [a](b) [[c]]')).toEqual({
      runs: 7,
      brackets: 3,
    });
  });

  it('lets ordinary messages through', () => {
    const reply = [
      '# Plan',
      '',
      '> Note: **check** the `config_file` first.',
      '',
      '- step _one_',
      '  - sub step with [a link](https://example.com)',
      '    1. numbered',
      '',
      '```python\nx = a * b\n```',
    ].join('\n');
    expect(markdownCapExceeded(reply)).toBeNull();
    expect(markdownCapExceeded('x'.repeat(200_000))).toBeNull();
    // Slow to parse, yet nothing a cap can tell from a real message: the time budget's case.
    expect(markdownCapExceeded(SLOW_UNDER_CAPS)).toBeNull();
  });

  it('routes every bomb to plain text before it is parsed', () => {
    expect(markdownCapExceeded(BOMBS.nestedQuotes)).toBe(
      `its quotes or lists nest 8,000 deep (the limit is ${MARKDOWN_CAPS.nesting})`,
    );
    expect(markdownCapExceeded(BOMBS.nestedLists)).toMatch(/nest 8,000 deep/);
    expect(markdownCapExceeded(BOMBS.nestedEmphasis)).toMatch(/20,000 emphasis markers/);
    expect(markdownCapExceeded(BOMBS.alternatingDelimiters)).toMatch(/60,000 emphasis markers/);
    expect(markdownCapExceeded(BOMBS.openBrackets)).toBe(
      'it has 60,000 link brackets (the limit is 2,000)',
    );
    expect(markdownCapExceeded(BOMBS.unclosedLinks)).toMatch(/15,000 link brackets/);
  });
});
