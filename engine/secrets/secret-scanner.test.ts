import { describe, expect, it } from 'vitest';
import { plantedSecrets } from '../testing/planted-secrets';
import { findSecrets, SECRET_RULE_IDS, shannonEntropy } from './secret-scanner';

describe('the secret scanner', () => {
  it('applies every ported gitleaks rule and the extra ones', () => {
    expect(SECRET_RULE_IDS.length).toBeGreaterThan(200);
    expect(SECRET_RULE_IDS).toEqual(
      expect.arrayContaining(['aws-access-token', 'private-key', 'jwt', 'basic-auth-url']),
    );
  });

  it.each(plantedSecrets().map((planted) => [planted.kind, planted] as const))(
    'finds a planted %s, covering the whole secret',
    (_kind, planted) => {
      const findings = findSecrets(planted.text);
      expect(findings.length).toBeGreaterThan(0);
      const start = planted.text.indexOf(planted.secret);
      const covered = findings.some(
        (f) => f.start <= start && f.end >= start + planted.secret.length,
      );
      expect(covered, JSON.stringify(findings)).toBe(true);
    },
  );

  // gitleaks ends most of its secrets at a quote, space, `;` or line end; logs also have them in
  // URLs, calls and prose.
  const standalone = plantedSecrets().filter((planted) => planted.text.startsWith('the key is'));
  it.each(
    standalone.flatMap((planted) =>
      ['&next=1', '.', '), more', ', more', ': more', ']', '}', '>'].map(
        (after) => [planted.kind, after, planted.secret] as const,
      ),
    ),
  )('finds a planted %s followed by %s', (_kind, after, secret) => {
    const text = `call(${secret}${after}`;
    const findings = findSecrets(text);
    expect(
      findings.some((f) => f.start <= 5 && f.end >= 5 + secret.length),
      JSON.stringify(findings),
    ).toBe(true);
  });

  // gitleaks' keyword "a3t" (AWS) can end where an OpenAI key's "T3BlbkFJ" starts.
  it('finds a key whose keyword overlaps another rule keyword', () => {
    const key = `sk-${'Zq8Kf3Lm9Px2Rt7Vb4'}A3T3BlbkFJ${'aB3dE5gH7jK9mN1pQ3sT'}`;
    const text = `the key is ${key} ok`;
    expect(findSecrets(text).map((f) => text.slice(f.start, f.end))).toEqual([key]);
  });

  // Real AWS secret keys are 40 base64 characters and may start or end with + or /, which the
  // generic rule's value pattern does not allow at its start (a random key does ~3% of the time).
  it.each([
    'aws_secret_access_key = +q7Vd1Wm0Zr9KcLx3NbTfY8hJu2oPs5AeGiRkD4l',
    'AWS_SECRET_ACCESS_KEY="/Zr9KcLx3NbTfY8hJu2oPs5AeGiRkD4l+q7Vd1Wm"',
    'aws_secret_access_key: Lx3NbTfY8hJu2oPs5AeGiRkD4l+q7Vd1Wm0Zr9K/',
  ])('finds an AWS secret key with base64 symbols at its ends: %s', (text) => {
    const secret = /[A-Za-z0-9+/]{40}/.exec(text)?.[0] ?? '';
    const start = text.indexOf(secret);
    const findings = findSecrets(text);
    expect(
      findings.some((f) => f.start <= start && f.end >= start + secret.length),
      JSON.stringify(findings),
    ).toBe(true);
  });

  it.each([
    'The function returns the access token to the caller.',
    'commit 3f2a9c1d5e7b8a0f4c6d2e1b9a8c7d6e5f4a3b2c',
    'AKIAIOSFODNN7EXAMPLE is the documented example key',
    'password = ${DB_PASSWORD}',
    'https://example.com/path?query=1',
    'def get_api_key(self):\n    return self.api_key',
    '{"items": [], "next_page_token": "QlyZT8DzoxSVvQfSKyoa4RvT4DoOibH+A5LN/9x24UCRBx7A"}',
    'mysql.connector.connect(host="localhost", password="yourpassword")',
    'The new token_count: 12345678901 tokens.',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it.each(["Ab!c$d'1x(y)*z+,;=", 'Kx9-pQ.r_7~'])(
    'finds a URL password with the sub-delimiters userinfo may hold: %s',
    (password) => {
      const text = `DATABASE_URL=postgres://app:${password}@db.internal:5432/prod`;
      const start = text.indexOf(password);
      const findings = findSecrets(text);
      expect(
        findings.some((f) => f.start <= start && f.end >= start + password.length),
        JSON.stringify(findings),
      ).toBe(true);
    },
  );

  it('ends a generic secret before a full stop', () => {
    const text = 'Here is your new password: aBcD1234EfGh. Please keep it.';
    expect(findSecrets(text).map((f) => text.slice(f.start, f.end))).toContain('aBcD1234EfGh');
  });

  it('answers a text scanned before from its cache, with the same frozen findings', () => {
    const planted = plantedSecrets()[0];
    if (planted === undefined) throw new Error('no planted secrets');
    const first = findSecrets(planted.text);
    // An equal text in another string, as the next record's JSON.parse makes it.
    const again = findSecrets([...planted.text].join(''));
    expect(again).toBe(first);
    expect(Object.isFrozen(again) && again.every((finding) => Object.isFrozen(finding))).toBe(true);
    expect(again.length).toBeGreaterThan(0);
    // Past the cached lengths the text is scanned each time, and still found.
    const long = `${'word '.repeat(4_000)}${planted.text}`;
    const longFindings = findSecrets(long);
    expect(longFindings.length).toBe(first.length);
    expect(findSecrets(long)).not.toBe(longFindings);
  });

  it('computes Shannon entropy as gitleaks does', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });
});
