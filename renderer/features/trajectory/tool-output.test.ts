import { describe, expect, it } from 'vitest';
import { foldLines, unwrapOutput } from './tool-output';

describe('unwrapOutput', () => {
  it('unwraps a NeMo Gym anyswe style {"content": "..."} observation', () => {
    // The wrapper shape issue 18 reports for NeMo Gym anyswe observations.
    const stored = JSON.stringify({ content: 'total 8\ndrwxr-xr-x 2 root root 4096 .\n' });
    expect(unwrapOutput(stored)).toBe('total 8\ndrwxr-xr-x 2 root root 4096 .\n');
  });

  it('indents other JSON and leaves plain text alone', () => {
    expect(unwrapOutput('{"a":1,"b":2}')).toBe('{\n  "a": 1,\n  "b": 2\n}');
    expect(unwrapOutput('{not json')).toBe('{not json');
    expect(unwrapOutput('plain\ntext')).toBe('plain\ntext');
  });
});

describe('foldLines', () => {
  it('keeps short output whole and folds long output to head and tail', () => {
    expect(foldLines('a\nb')).toBeNull();
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);
    const fold = foldLines(lines.join('\n'));
    expect(fold?.hidden).toBe(140);
    expect(fold?.head.split('\n').at(-1)).toBe('line 40');
    expect(fold?.tail.split('\n')[0]).toBe('line 181');
  });
});
