import { describe, expect, it } from 'vitest';
import { findNamedSecrets } from './key-context';

const VALUE = 'Xk9fPq2LmZ7rT4vB';

function found(text: string): string[] {
  return findNamedSecrets(text).map((finding) => text.slice(finding.start, finding.end));
}

describe('values under secret-named keys in text', () => {
  it.each([
    `DB_PASSWORD=${VALUE}`,
    `export session_token='${VALUE}'`,
    `{"AWS_SECRET_ACCESS_KEY": "${VALUE}", "region": "eu"}`,
    `{\\"dbPassword\\": \\"${VALUE}\\"}`,
    `secret: ${VALUE}`,
    `apiKey := "${VALUE}"`,
  ])('finds the whole value: %s', (text) => {
    expect(found(text)).toEqual([VALUE]);
  });

  // gitleaks' generic rule needs a quote, space, `;` or line end after the value.
  it.each(['&user=admin', '.', ')', ', next', ': more'])(
    'ends an unquoted value where its alphabet ends: %s',
    (after) => {
      expect(found(`call(access_token=${VALUE}${after}`)).toEqual([VALUE]);
    },
  );

  it.each([
    'max_tokens: 4096',
    'password = ${DB_PASSWORD}',
    'token=os.environ["GH_TOKEN"]',
    'self.api_key = api_key',
    'password: "an unclosed quote',
    'The password: is what you typed.',
    'keyboard=Xk9fPq2LmZ7rT4vB',
    '[REDACTED:secret-named-field]: Xk9fPq2LmZ7rT4vB',
  ])('leaves non-secrets alone: %s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
