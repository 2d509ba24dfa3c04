import { describe, expect, it } from 'vitest';
import { diffLineKind, looksLikeDiff, stripAnsi } from './terminal-text';

describe('stripAnsi', () => {
  it('removes colours, cursor moves and titles, keeping the text', () => {
    expect(stripAnsi('\u001b[31mFAILED\u001b[0m test_x')).toBe('FAILED test_x');
    expect(stripAnsi('a\u001b[2K\u001b[1Gb')).toBe('ab');
    expect(stripAnsi('\u001b]0;title\u0007done')).toBe('done');
    expect(stripAnsi('plain [31m text')).toBe('plain [31m text');
  });
});

describe('diffs', () => {
  const diff = '--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-old\n+new\n same';

  it('recognises a unified diff and classifies its lines', () => {
    expect(looksLikeDiff(diff)).toBe(true);
    expect(looksLikeDiff('- a list item\n+ not a diff')).toBe(false);
    expect(diff.split('\n').map(diffLineKind)).toEqual([
      'file',
      'file',
      'hunk',
      'del',
      'add',
      'context',
    ]);
  });
});
