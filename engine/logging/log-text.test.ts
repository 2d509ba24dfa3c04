import { describe, expect, it } from 'vitest';
import { plantedSecrets, type PlantedSecret } from '../testing/planted-secrets';
import { formatLine } from './logger';
import { logError, logText } from './log-text';

// One line each: a log line holds the first line of a text only.
const scannable = (p: PlantedSecret) => !p.text.includes('\n');

describe('logText', () => {
  it('keeps the first line only', () => {
    expect(logText('SELECT 1\nFROM secret_body')).toBe('SELECT 1 …');
  });

  it('caps the length', () => {
    expect(logText('x'.repeat(500), 20)).toBe(`${'x'.repeat(20)}…`);
  });

  it.each(plantedSecrets().filter(scannable))('redacts a $kind', ({ secret, text }) => {
    const out = logText(`SELECT * FROM t WHERE note = '${text}'`, 1000);
    expect(out).toContain('[REDACTED:');
    expect(out).not.toContain(secret);
  });

  it('gives an error with its message redacted and where it was thrown', () => {
    const [planted] = plantedSecrets();
    const fields = logError(new Error(`failed on ${planted?.text ?? ''}\nsecond line`));
    expect(fields.error).not.toContain(planted?.secret);
    expect(fields.error).not.toContain('second line');
    expect(fields.at).toMatch(/log-text\.test\.ts/);
  });
});

describe('formatLine', () => {
  it('writes key=value pairs, quoting values that are not one plain word', () => {
    const time = new Date('2026-01-02T03:04:05.678Z');
    expect(
      formatLine(time, 'info', 'dispatch', { method: 'runSql', ms: 3, ok: true, code: undefined }),
    ).toBe('2026-01-02T03:04:05.678Z info dispatch method=runSql ms=3 ok=true');
    expect(formatLine(time, 'warn', 'x', { path: '/a b/c', s: 'a"\nb' })).toBe(
      '2026-01-02T03:04:05.678Z warn x path="/a b/c" s="a\\"\\nb"',
    );
  });
});
