import { describe, expect, it } from 'vitest';
import { lineAt, parseJson, splitTopLevelArray } from './json-document';

describe('json-document', () => {
  it('reports a parse failure at its line', () => {
    const result = parseJson('{\n  "a": 1,\n  "b": oops\n}');
    expect(result).toMatchObject({ ok: false, line: 3 });
    expect(!result.ok && result.reason).toMatch(/^invalid JSON \(/);
  });

  it('splits a top-level array into elements with their start lines', () => {
    const text = '[\n  {"a": "x,]}"},\n  [1, [2]],\n  3\n]\n';
    const elements = splitTopLevelArray(text);
    expect(elements?.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(elements?.map((e) => JSON.parse(e.text) as unknown)).toEqual([
      { a: 'x,]}' },
      [1, [2]],
      3,
    ]);
  });

  it('handles escaped quotes and an empty array, and refuses a non-array', () => {
    expect(
      splitTopLevelArray('[{"q": "say \\"hi\\", ]"}]')?.map((e) => JSON.parse(e.text) as unknown),
    ).toEqual([{ q: 'say "hi", ]' }]);
    expect(splitTopLevelArray(' [ ] ')).toEqual([]);
    expect(splitTopLevelArray('{"a": []}')).toBeNull();
  });

  it('counts lines', () => {
    expect(lineAt('a\nb\nc', 4)).toBe(3);
  });
});
