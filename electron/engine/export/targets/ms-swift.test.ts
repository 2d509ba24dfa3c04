// The ms-swift loss-scale rule: neutral credit keeps weight 1, clipped to [0, 2].
import { describe, expect, it } from 'vitest';
import { lossScaleOf } from './ms-swift';

describe('ms-swift loss_scale', () => {
  it('is 1 + total clipped to [0, 2]', () => {
    expect(lossScaleOf(0)).toBe(1);
    expect(lossScaleOf(0.25)).toBe(1.25);
    expect(lossScaleOf(-0.4)).toBe(0.6);
    expect(lossScaleOf(3)).toBe(2);
    expect(lossScaleOf(-1.5)).toBe(0);
  });
});
