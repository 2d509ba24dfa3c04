import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, metaPolicy } from './csp';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('the content security policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('runs only the app’s own script files: no inline, eval, remote or data: scripts', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('names no remote host anywhere, and no framing or form posting', () => {
    for (const [name, values] of policy) {
      for (const value of values) {
        expect(value, `${name} ${value}`).toMatch(/^('self'|'none'|'unsafe-inline'|data:|blob:)$/);
      }
    }
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    // Inline styles only (MUI's emotion); never inline scripts.
    expect([...policy].filter(([, values]) => values.includes("'unsafe-inline'"))).toEqual([
      ['style-src', ["'self'", "'unsafe-inline'"]],
    ]);
  });

  it('leaves header-only directives out of the meta tag and escapes it for HTML', () => {
    const meta = metaPolicy(CONTENT_SECURITY_POLICY);
    expect(meta).not.toContain('frame-ancestors');
    expect(meta).toContain("script-src 'self'");
    expect(metaPolicy(`default-src 'self'; frame-ancestors 'none'; x-test "a&b"`)).toBe(
      "default-src 'self'; x-test &quot;a&amp;b&quot;",
    );
  });
});
