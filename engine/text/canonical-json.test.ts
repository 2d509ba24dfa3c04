// Canonical JSON: keys sorted at every depth, and a "__proto__" key from the data kept as data.
import { describe, expect, it } from 'vitest';
import { canonicalArguments, canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 1 }, 3], c: { z: null, y: 'x' } })).toBe(
      '{"a":[{"c":1,"d":2},3],"b":1,"c":{"y":"x","z":null}}',
    );
  });

  it('keeps a __proto__ key from the data as a key, and pollutes nothing', () => {
    const parsed: unknown = JSON.parse('{"z":1,"__proto__":{"polluted":true}}');
    expect(canonicalJson(parsed)).toBe('{"__proto__":{"polluted":true},"z":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads tool-call arguments given as JSON text or as an object, and keeps bad text', () => {
    expect(canonicalArguments('{"path":"a.py","line":3}')).toBe('{"line":3,"path":"a.py"}');
    expect(canonicalArguments({ path: 'a.py', line: 3 })).toBe('{"line":3,"path":"a.py"}');
    expect(canonicalArguments('not json {')).toBe('"not json {"');
    expect(canonicalArguments(undefined)).toBe('{}');
  });
});
