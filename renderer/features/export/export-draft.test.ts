import { describe, expect, it } from 'vitest';
import { PairingSchema, WeightingSchema } from '../../../shared/api-export';
import { defaultDraft, draftSelection } from './export-draft';

describe('draftSelection', () => {
  it('leaves unset options out of the request, so the engine defaults apply', () => {
    const result = draftSelection(
      { outcome: 'success' },
      { ...defaultDraft('trl-kto'), where: ' ' },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).not.toHaveProperty('where');
    expect(result.input).not.toHaveProperty('top_k');
    // The draft starts from the API's defaults.
    expect(result.selection.weighting).toEqual(WeightingSchema.parse({}));
    expect(result.selection.pairs).toEqual(PairingSchema.parse({}));
    expect(result.selection).toMatchObject({ target: 'trl-kto', filter: { outcome: 'success' } });
  });

  it('turns text fields into numbers', () => {
    const result = draftSelection(
      {},
      {
        ...defaultDraft('trl-dpo'),
        where: ' reward > 0 ',
        topK: '3',
        groupSuccessMin: '0.25',
        stratifyBins: '4',
        stepPairs: true,
        stepMinGap: '0.4',
      },
    );
    expect(result.ok && result.input).toMatchObject({
      where: 'reward > 0',
      top_k: 3,
      group_success_min: 0.25,
      stratify_bins: 4,
      pairs: { trajectory: true, step: true, min_gap: 0.4 },
    });
  });

  it('names the field the schema refuses', () => {
    const cases: [Partial<ReturnType<typeof defaultDraft>>, string][] = [
      [{ maxPerTask: '2.5' }, 'max_per_task'],
      [{ topK: 'x' }, 'top_k'],
      [{ groupSuccessMax: '1.5' }, 'group_success_max'],
      [{ weightMin: '3', weightMax: '2' }, 'weighting.min'],
      [{ weightScale: '' }, 'weighting.scale'],
      [{ stepMinGap: '-1' }, 'pairs.min_gap'],
    ];
    for (const [patch, field] of cases) {
      const result = draftSelection({}, { ...defaultDraft(), ...patch });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.problems)).toContain(field);
    }
  });
});
