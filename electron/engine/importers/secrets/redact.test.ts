import { describe, expect, it } from 'vitest';
import { plantedSecrets } from './planted-secrets';
import { redactJson, redactJsonText, redactText, totalOf, type KindCounts } from './redact';

const [aws, , github] = plantedSecrets();

describe('redaction', () => {
  it('replaces each secret in text with its kind and counts it', () => {
    const kinds: KindCounts = new Map();
    const text = `id ${aws?.secret} and ${github?.secret}.`;
    expect(redactText(text, kinds)).toBe(
      'id [REDACTED:aws-access-token] and [REDACTED:github-pat].',
    );
    expect(Object.fromEntries(kinds)).toEqual({ 'aws-access-token': 1, 'github-pat': 1 });
    expect(redactText('nothing secret here', kinds)).toBe('nothing secret here');
    expect(totalOf(kinds)).toBe(2);
  });

  it('walks JSON: every string, secret-named keys whole, and JSON held in strings', () => {
    const kinds: KindCounts = new Map();
    const value = {
      config: { api_key: 'plain-looking-value', password: '', model: 'm' },
      list: [`key ${github?.secret}`],
      tools: JSON.stringify([{ description: `use "${github?.secret}"` }]),
      count: 3,
    };
    expect(redactJson(value, kinds)).toEqual({
      config: { api_key: '[REDACTED:secret-named-field]', password: '', model: 'm' },
      list: ['key [REDACTED:github-pat]'],
      tools: '[{"description":"use \\"[REDACTED:github-pat]\\""}]',
      count: 3,
    });
    expect(Object.fromEntries(kinds)).toEqual({ 'secret-named-field': 1, 'github-pat': 2 });
  });

  it('leaves JSON text byte for byte when nothing is found, and redacts non-JSON as text', () => {
    const kinds: KindCounts = new Map();
    expect(redactJsonText('{ "path" : "a.py" }', kinds)).toBe('{ "path" : "a.py" }');
    expect(redactJsonText(`not json ${aws?.secret}`, kinds)).toBe(
      'not json [REDACTED:aws-access-token]',
    );
  });
});
