import { describe, expect, it } from 'vitest';
import { logprobColor } from './heat-scale';
import { inkOn, tokenLabel } from './token-cells';

describe('tokenLabel', () => {
  it('shows whitespace and names unknown ids', () => {
    expect(tokenLabel(' Step', 1)).toBe(' Step');
    expect(tokenLabel('a\n\tb\r', 1)).toBe('a↵⇥b␍');
    expect(tokenLabel('', 1)).toBe('∅');
    expect(tokenLabel(null, 9999)).toBe('⟨9999⟩');
  });
});

describe('inkOn', () => {
  it('is dark on the pale end of the scale and light on the dark end', () => {
    expect(inkOn(logprobColor(0, -4))).toBe('#111');
    expect(inkOn(logprobColor(-4, -4))).toBe('#fff');
    expect(inkOn('transparent')).toBe('inherit');
  });
});
