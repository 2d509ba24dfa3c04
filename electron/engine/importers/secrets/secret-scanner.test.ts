import { describe, expect, it } from 'vitest';
import { plantedSecrets } from './planted-secrets';
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

  it.each([
    'The function returns the access token to the caller.',
    'commit 3f2a9c1d5e7b8a0f4c6d2e1b9a8c7d6e5f4a3b2c',
    'AKIAIOSFODNN7EXAMPLE is the documented example key',
    'password = ${DB_PASSWORD}',
    'https://example.com/path?query=1',
    'def get_api_key(self):\n    return self.api_key',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it('computes Shannon entropy as gitleaks does', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });
});
