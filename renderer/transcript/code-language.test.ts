import { describe, expect, it } from 'vitest';
import {
  guessLanguage,
  languageOfArgument,
  languageOfFence,
  languageOfPath,
} from './code-language';

describe('languageOfPath', () => {
  it('maps extensions and well-known file names, case-insensitively', () => {
    expect(languageOfPath('/testbed/astropy/modeling/separable.py')).toBe('python');
    expect(languageOfPath('src\\App.TSX')).toBe('typescript');
    expect(languageOfPath('Makefile')).toBe('makefile');
    expect(languageOfPath('fix.patch')).toBe('diff');
    expect(languageOfPath('README')).toBeNull();
    expect(languageOfPath('.bashrc')).toBeNull();
  });
});

describe('languageOfFence', () => {
  it('normalises common aliases and keeps other names', () => {
    expect(languageOfFence('py')).toBe('python');
    expect(languageOfFence('sh title="x"')).toBe('bash');
    expect(languageOfFence('rust')).toBe('rust');
    expect(languageOfFence('')).toBeNull();
  });
});

describe('languageOfArgument', () => {
  it('takes the language of the file a sibling field names', () => {
    const args = { path: '/repo/app.ts', file_text: 'export const x = 1;\n' };
    expect(languageOfArgument('str_replace_editor', 'file_text', args)).toBe('typescript');
    expect(languageOfArgument('write_file', 'content', { file_path: 'a.go' })).toBe('go');
  });

  it('falls back to what the tool runs, and a command field is shell', () => {
    expect(languageOfArgument('python', 'code', {})).toBe('python');
    expect(languageOfArgument('execute_ipython_cell', 'code', {})).toBe('python');
    expect(languageOfArgument('bash', 'cmd', {})).toBe('bash');
    expect(languageOfArgument('run', 'command', { path: 'x.py' })).toBe('bash');
    expect(languageOfArgument('write_file', 'content', { path: 'notes' })).toBeNull();
  });
});

describe('guessLanguage', () => {
  it('recognises Python, shell, diffs and JSON by their signatures', () => {
    expect(guessLanguage('import os\nfrom x import y\n\ndef main():\n    pass')).toBe('python');
    expect(guessLanguage('cd /repo && git status')).toBe('bash');
    expect(guessLanguage('diff --git a/x b/x\n--- a/x\n+++ b/x')).toBe('diff');
    expect(guessLanguage('{\n  "a": [1, 2]\n}')).toBe('json');
    expect(guessLanguage('The tests pass now. I will submit.')).toBeNull();
  });
});
