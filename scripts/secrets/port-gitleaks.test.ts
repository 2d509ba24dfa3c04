import { describe, expect, it } from 'vitest';
import { portConfig, portPattern } from './port-gitleaks';

describe('porting gitleaks rules', () => {
  it('rewrites RE2 constructs JavaScript lacks', () => {
    expect(portPattern('(?i)key[[:alnum:]]{4}\\z')).toEqual({
      source: 'key[a-zA-Z0-9]{4}$',
      flags: 'i',
    });
    expect(portPattern('(?-i:Bearer) (?P<tok>[a-z]+)')).toEqual({
      source: '(?:Bearer) (?<tok>[a-z]+)',
      flags: 'i',
    });
    expect(portPattern('(?s)BEGIN.*END').flags).toBe('s');
    expect(() => portPattern('(?m)^x')).toThrow(/inline flag/);
  });

  it('keeps content rules as data and lists what it skips', () => {
    const toml = `
[allowlist]
stopwords = ["EXAMPLE"]
[[rules]]
id = "demo-token"
regex = '''(?i)\\b(demo_[a-z0-9]{8})\\b'''
entropy = 3.0
keywords = ["Demo_"]
secretGroup = 1
[[rules.allowlists]]
regexTarget = "match"
regexes = ['''demo_test''']
[[rules]]
id = "pkcs12-file"
path = '''\\.p12$'''
`;
    const ported = portConfig(toml);
    expect(ported.rules).toEqual([
      {
        id: 'demo-token',
        pattern: { source: '\\b(demo_[a-z0-9]{8})\\b', flags: 'i' },
        entropy: 3,
        keywords: ['demo_'],
        secretGroup: 1,
        allowlists: [
          { target: 'match', regexes: [{ source: 'demo_test', flags: '' }], stopwords: [] },
        ],
      },
    ]);
    expect(ported.allowlists).toEqual([{ target: 'secret', regexes: [], stopwords: ['example'] }]);
    expect(ported.skipped).toEqual([
      { id: 'pkcs12-file', reason: 'a file-path rule, with no content pattern' },
    ]);
  });
});
