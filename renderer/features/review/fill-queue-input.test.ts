import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_DROP } from '../../../shared/api-review';
import { parseFillQueue } from './fill-queue-input';

describe('parseFillQueue', () => {
  it('turns the fields into the request', () => {
    expect(parseFillQueue({ minProgressDrop: ' 0.35 ', minConfidence: '0.5' })).toEqual({
      ok: true,
      input: { min_progress_drop: 0.35, min_confidence: 0.5 },
    });
    expect(
      parseFillQueue({ minProgressDrop: String(DEFAULT_PROGRESS_DROP), minConfidence: '0' }).ok,
    ).toBe(true);
  });

  it.each([
    ['-0.1', '0.6', ['minProgressDrop']],
    ['', '0.6', ['minProgressDrop']],
    ['steep', '0.6', ['minProgressDrop']],
    ['Infinity', '0.6', ['minProgressDrop']],
    ['0.2', '1.5', ['minConfidence']],
    ['x', '', ['minConfidence', 'minProgressDrop']],
  ])('refuses drop %j with confidence %j', (drop, confidence, fields) => {
    const parsed = parseFillQueue({ minProgressDrop: drop, minConfidence: confidence });
    expect(parsed.ok).toBe(false);
    expect(Object.keys(parsed.ok ? {} : parsed.errors).sort()).toEqual(fields);
  });
});
