import { describe, expect, it } from 'vitest';
import {
  looksLikeCode,
  MAX_COLOURED_CHARS,
  resolveLanguage,
  splitFences,
  tokenizeCode,
} from './code-tokens';

describe('tokenizeCode', () => {
  it('finds keywords, strings, comments and numbers, and keeps every character', () => {
    const code = 'def f(x):  # note\n    return "a#b" + 42 if x else None';
    const tokens = tokenizeCode(code, 'python');
    expect(tokens.map((t) => t.text).join('')).toBe(code);
    const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(of('keyword')).toEqual(['def', 'return', 'if', 'else']);
    expect(of('title')).toEqual(['f']);
    expect(of('string')).toEqual(['"a#b"']);
    expect(of('comment')).toEqual(['# note']);
    // Literals (None, true) colour like numbers.
    expect(of('number')).toEqual(['42', 'None']);
  });

  it('colours by the named language: a # is a comment in bash, not in JavaScript', () => {
    const kinds = (language: string) =>
      tokenizeCode('x = 1 # y', language).filter((t) => t.kind === 'comment').length;
    expect(kinds('bash')).toBe(1);
    expect(kinds('javascript')).toBe(0);
  });

  it('detects the language when none is named, and leaves huge text plain', () => {
    expect(
      resolveLanguage('import os\nfrom x import y\n\ndef main():\n    print(os.getcwd())'),
    ).toBe('python');
    const huge = 'x = 1\n'.repeat(MAX_COLOURED_CHARS / 6 + 1);
    expect(tokenizeCode(huge)).toEqual([{ kind: 'plain', text: huge }]);
  });

  it('does not take identifiers containing keywords or digits for them', () => {
    const tokens = tokenizeCode('format_string x2 returned');
    expect(tokens).toEqual([{ kind: 'plain', text: 'format_string x2 returned' }]);
  });

  it('treats markup as plain text', () => {
    const code = '<img src=x onerror="alert(1)">';
    expect(
      tokenizeCode(code)
        .map((t) => t.text)
        .join(''),
    ).toBe(code);
  });
});

describe('splitFences', () => {
  it('splits fenced blocks out of prose with their language', () => {
    const text = 'Try this:\n```python\nprint(1)\n```\nthen run it.';
    expect(splitFences(text)).toEqual([
      { kind: 'text', text: 'Try this:\n' },
      { kind: 'code', text: 'print(1)\n', language: 'python' },
      { kind: 'text', text: '\nthen run it.' },
    ]);
  });

  it('leaves text without a closed fence whole', () => {
    expect(splitFences('a ```b')).toEqual([{ kind: 'text', text: 'a ```b' }]);
    expect(splitFences('```\nopen')).toEqual([{ kind: 'text', text: '```\nopen' }]);
  });
});

describe('looksLikeCode', () => {
  it('recognises file views, numbered or not, and not prose or test logs', () => {
    expect(looksLikeCode('     1\tdef f():\n     2\t    return 1\n     3\t')).toBe(true);
    expect(looksLikeCode('import os\nfrom x import y\n\nprint(os.getcwd())')).toBe(true);
    expect(looksLikeCode('All 12 tests passed.\nRan in 0.3s')).toBe(false);
    expect(looksLikeCode('If you want, return later.')).toBe(false);
  });
});
