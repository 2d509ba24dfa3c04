import { describe, expect, it } from 'vitest';
import { selectionOf } from './ExportSelectionForm';

describe('selectionOf', () => {
  it('turns the draft into the request, leaving out empty options', () => {
    expect(
      selectionOf({ outcome: 'success' }, { target: 'trl-kto', where: ' ', maxPerTask: '' }),
    ).toEqual({
      target: 'trl-kto',
      filter: { outcome: 'success' },
    });
    expect(selectionOf({}, { target: 'trl-sft', where: ' reward > 0 ', maxPerTask: '3' })).toEqual({
      target: 'trl-sft',
      filter: {},
      where: 'reward > 0',
      max_per_task: 3,
    });
  });

  it('is null while the cap is not a whole number of at least 1', () => {
    for (const cap of ['0', '2.5', 'x', '-1']) {
      expect(selectionOf({}, { target: 'trl-sft', where: '', maxPerTask: cap })).toBeNull();
    }
  });
});
