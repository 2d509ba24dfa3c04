import { describe, expect, it } from 'vitest';
import { secretsSentence } from './export-secrets';

describe('the export summary on secrets', () => {
  it('says when every dataset was written as redacted at import', () => {
    expect(secretsSentence({ mode: 'dataset', scanned_trajectories: 0, redacted: [] })).toBe(
      'Every dataset was redacted at import and written as stored; none redacted.',
    );
  });

  it('counts what a re-scan redacted, by kind', () => {
    const redacted = [
      { kind: 'github-pat', count: 3 },
      { kind: 'jwt', count: 1 },
    ];
    expect(secretsSentence({ mode: 'redact', scanned_trajectories: 12, redacted })).toBe(
      'Re-scanned 12 trajectories for secrets; redacted 4: 3 github-pat, 1 jwt.',
    );
  });

  it('says when secrets were kept', () => {
    expect(secretsSentence({ mode: 'keep', scanned_trajectories: 0, redacted: [] })).toBe(
      'Secrets were kept as stored; none was redacted.',
    );
  });
});
