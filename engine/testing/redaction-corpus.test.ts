// Redaction measured both ways over real logs with planted secrets and non-secrets
// (docs/security.md, "Secrets in imported text"): the rates are printed, and floors asserted.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalTrajectory } from '../chat/canonical';
import { buildCorpus, sampleTrajectories } from './redaction-corpus';
import { measure, replacedValues, type Measurement } from './redaction-measure';

/** Fresh sets of planted values spread over the sample rollouts. */
const ROUNDS = 4;

let real: CanonicalTrajectory[] = [];
let measured: Measurement;

beforeAll(async () => {
  real = await sampleTrajectories();
  measured = measure(buildCorpus(real, ROUNDS));
  const rate = (n: number) => `${(100 * n).toFixed(1)}%`;
  console.info(
    `redaction corpus: ${real.length} real rollouts; ` +
      `recall ${measured.found}/${measured.planted} = ${rate(measured.recall)}; ` +
      `precision ${measured.truePositives}/${measured.replaced} = ${rate(measured.precision)}; ` +
      `non-secrets damaged ${measured.damaged.length}`,
  );
  for (const missed of measured.missed) console.info('missed', missed.kind, missed.text);
  for (const wrong of measured.falsePositives)
    console.info('false positive', JSON.stringify(wrong));
  for (const hurt of measured.damaged) console.info('damaged', hurt.kind, hurt.text.slice(0, 120));
}, 120_000);

describe('redaction over a labelled corpus', () => {
  it('reads the real rollouts of every sample format', () => {
    expect(real.length).toBeGreaterThan(300);
  });

  it('finds the planted secrets (recall)', () => {
    expect(measured.planted).toBeGreaterThan(100);
    expect(measured.recall).toBeGreaterThanOrEqual(0.97);
  });

  it('replaces little that is not a secret (precision)', () => {
    expect(measured.replaced).toBeGreaterThan(measured.planted);
    expect(measured.precision).toBeGreaterThanOrEqual(0.95);
  });

  it('leaves every planted non-secret whole', () => {
    expect(measured.damaged).toEqual([]);
  });
});

describe('finding what was replaced', () => {
  it('aligns the text around markers, and JSON written back in another layout', () => {
    expect(replacedValues('a SECRET b OTHER c', 'a [REDACTED:x] b [REDACTED:y] c')).toEqual([
      'SECRET',
      'OTHER',
    ]);
    expect(replacedValues('{ "k": "v1", "n": 2 }', '{"k":"[REDACTED:x]","n":2}')).toEqual(['v1']);
    expect(replacedValues('same', 'same')).toEqual([]);
  });
});
