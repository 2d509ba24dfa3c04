import { describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import { describeJsonProblem, parseJsonFile, parseJsonText } from './json-syntax';

const SECRET = 'AKIAIOSFODNN7EXAMPLE';

function problemOf(text: string) {
  const parsed = parseJsonText(text);
  if (parsed.ok) throw new Error(`parsed: ${text}`);
  return parsed.problem;
}

describe('parseJsonText', () => {
  it('parses JSON', () => {
    expect(parseJsonText('{"a": [1, null]}')).toEqual({ ok: true, value: { a: [1, null] } });
  });

  it.each([
    // [text, line, column, reason]
    [`root:x:0:0:root:/root:/bin/bash ${SECRET}`, 1, 1, 'unexpected character'],
    [`${SECRET}`, 1, 1, 'unexpected character'],
    [`{"key": ${SECRET}}`, 1, 9, 'unexpected character'],
    [`{\n  "a": 1,\n  "b": ${SECRET}\n}`, 3, 8, 'unexpected character'],
    [`{"a": 1 ${SECRET}`, 1, 9, "expected ',' or '}' after property value"],
    [`[1] ${SECRET}`, 1, 5, 'unexpected non-whitespace character after JSON'],
    [`"${SECRET}`, 1, 22, 'unterminated string'],
    [`"${SECRET}\u0001"`, 1, 22, 'bad control character in string literal'],
    [`-${SECRET}`, 1, 2, 'no number after minus sign'],
    [`{${SECRET}: 1}`, 1, 2, "expected property name or '}'"],
    ['', 1, 1, 'unexpected end of JSON input'],
  ])('places and explains %j without quoting it', (text, line, column, reason) => {
    const problem = problemOf(text);
    expect(problem).toMatchObject({ line, column, reason });
    expect(describeJsonProblem(problem)).toBe(`line ${line}, column ${column}: ${reason}`);
    expect(describeJsonProblem(problem)).not.toContain(SECRET.slice(0, 4));
  });

  it('never quotes any of many broken texts', () => {
    // Every way JSON can break near a secret, at every cut of a valid document.
    const valid = JSON.stringify({ a: [1, -2.5e3, true, null, 'x\\n'], b: { c: 'd' } });
    for (let cut = 0; cut < valid.length; cut += 1) {
      for (const junk of [SECRET, `"${SECRET}`, `-${SECRET}`, `\\${SECRET}`, `1e${SECRET}`]) {
        const text = valid.slice(0, cut) + junk;
        const parsed = parseJsonText(text);
        if (parsed.ok) continue;
        const described = describeJsonProblem(parsed.problem);
        expect(described).toMatch(/^line \d+, column \d+: [a-z][a-zA-Z ,'\-:{}[\]]+$/);
        expect(described).not.toContain('AKIA');
      }
    }
  });
});

describe('parseJsonFile', () => {
  it('names the file and the place, as invalid_input', () => {
    const error = (() => {
      try {
        parseJsonFile('/home/me/.ssh/id_rsa', `-----BEGIN ${SECRET}`);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('invalid_input');
    expect((error as TurnwiseError).message).toBe(
      '/home/me/.ssh/id_rsa: not valid JSON (line 1, column 2: no number after minus sign)',
    );
  });

  it('returns the value of a JSON file', () => {
    expect(parseJsonFile('x.json', '[1]')).toEqual([1]);
  });
});
