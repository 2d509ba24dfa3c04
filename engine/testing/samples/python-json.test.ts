// The Python-compatible JSON writer reproduces real Python output byte for byte: the tau-bench
// subset was written by json.dumps(indent=2), with floats, non-ASCII and nested tool calls.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { samplePath } from '../test-support';
import { deriveSample } from './derive';
import { loadManifest } from './manifest';
import type { PyNumber } from './python-json';
import { parsePyJson, pyDumps, pyFloatRepr, pyString } from './python-json';

describe('python json', () => {
  it('rewrites the tau-bench subset byte for byte', () => {
    const text = readFileSync(samplePath('tau-bench', 'gpt-4o-airline.subset4.json'), 'utf8');
    expect(pyDumps(parsePyJson(text))).toBe(text);
  });

  it.each([
    [1, '1.0'],
    [0.5, '0.5'],
    [-0, '-0.0'],
    [1e-4, '0.0001'],
    [1.5e-5, '1.5e-05'],
    [1e16, '1e+16'],
    [1234567890123456, '1234567890123456.0'],
    [0.1 + 0.2, '0.30000000000000004'],
  ])('writes the float %s as Python repr does: %s', (value, repr) => {
    expect(pyFloatRepr(value)).toBe(repr);
  });

  it('keeps ints as ints, key order, and escapes as ensure_ascii does', () => {
    const value = parsePyJson('{"b": 1, "2": 10e0, "a": [-0, "é\\u0001\\/😀\\u007f"], "e": {}}');
    expect(pyDumps(value)).toBe(
      '{\n  "b": 1,\n  "2": 10.0,\n  "a": [\n    0,\n    "\\u00e9\\u0001/\\ud83d\\ude00\\u007f"\n  ],' +
        '\n  "e": {}\n}',
    );
    expect(pyString('tab\t"q"\\')).toBe('"tab\\t\\"q\\"\\\\"');
    expect(() => parsePyJson('[1,]')).toThrow('unexpected character at offset 3');
  });

  it('selects the first records matching each rule, in rule order', () => {
    const derivation = loadManifest().files.find((e) => e.derived)?.derived;
    if (!derivation) throw new Error('the manifest has no derived entry');
    const rows = [0, 1, 0.5, 1, 0, 1, 0].map((reward, id) => ({ id, reward }));
    const picked = parsePyJson(
      deriveSample(Buffer.from(JSON.stringify(rows)), derivation).toString(),
    );
    const ids = (picked as Map<string, PyNumber>[]).map((row) => row.get('id')?.value);
    expect(ids).toEqual([1, 3, 0, 4]);
    expect(() => deriveSample(Buffer.from('[{"reward": 1}]'), derivation)).toThrow(
      '2 records with reward = 1 wanted, 1 found',
    );
  });
});
