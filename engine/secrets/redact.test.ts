import { describe, expect, it } from 'vitest';
import { plantedSecrets } from '../testing/planted-secrets';
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

  it('names a merged span by the rule that knows the credential, not by its context', () => {
    const kinds: KindCounts = new Map();
    expect(redactText(`GITHUB_TOKEN=${github?.secret ?? ''}`, kinds)).toBe(
      'GITHUB_TOKEN=[REDACTED:github-pat]',
    );
    expect(Object.fromEntries(kinds)).toEqual({ 'github-pat': 1 });
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

  it('replaces values under keys that contain a secret word when they look like secrets', () => {
    const kinds: KindCounts = new Map();
    const value = {
      DB_PASSWORD: 'Tr0ub4dor-x9',
      session_token: 'a8F3kLq9Zx7PmB2nR5tV',
      max_tokens: 4096,
      password_hint: 'Tr0ub4dor-x9',
      refresh_token_file: '/run/secrets/refresh',
      API_TOKEN: '${API_TOKEN}',
      api_key: '**********',
      password: 'yourpassword',
      secret: 'picoCTF{s3cr3t_fl4g_1234}',
    };
    expect(redactJson(value, kinds)).toEqual({
      ...value,
      DB_PASSWORD: '[REDACTED:secret-named-field]',
      session_token: '[REDACTED:secret-named-field]',
    });
    expect(Object.fromEntries(kinds)).toEqual({ 'secret-named-field': 2 });
  });

  it('redacts JSON printed in text in place, keeping its layout', () => {
    const kinds: KindCounts = new Map();
    const text = '{\n  "config": {\n    "DB_PASSWORD": "Tr0ub4dor-x9",\n    "port": 5432\n  }\n}';
    const out = redactText(text, kinds);
    expect(out.replace(/\[REDACTED:[a-z-]+\]/, 'X')).toBe(text.replace('Tr0ub4dor-x9', 'X'));
    expect(JSON.parse(out)).toEqual({
      config: { DB_PASSWORD: expect.stringMatching(/^\[REDACTED/) as unknown, port: 5432 },
    });
  });
});
