import { describe, expect, it } from 'vitest';
import { ansiSegments, hasAnsiColour, paletteRgb } from './ansi-segments';

const ESC = '\u001b';

describe('ansiSegments', () => {
  it('turns pytest-style colour codes into themed classes, keeping every character', () => {
    const text = `${ESC}[1;31mFAILED${ESC}[0m tests/test_x.py ${ESC}[32m2 passed${ESC}[0m`;
    const segments = ansiSegments(text);
    expect(segments.map((s) => s.text).join('')).toBe('FAILED tests/test_x.py 2 passed');
    expect(segments[0]).toEqual({
      text: 'FAILED',
      classes: ['tw-ansi-red', 'tw-ansi-bold'],
      color: null,
      background: null,
    });
    expect(segments[2]?.classes).toEqual(['tw-ansi-green']);
  });

  it('gives 256-colour and true-colour codes an rgb value and drops other escapes', () => {
    const text = `${ESC}[38;5;196mP${ESC}[0m${ESC}[48;2;10;20;30mT${ESC}[0m${ESC}[2K${ESC}[1Gdone${ESC}]0;title\u0007`;
    const segments = ansiSegments(text);
    expect(segments.map((s) => s.text).join('')).toBe('PTdone');
    expect(segments[0]?.color).toBe('rgb(255, 0, 0)');
    expect(segments[1]?.background).toBe('rgb(10, 20, 30)');
  });

  it('keeps markup as text', () => {
    const segments = ansiSegments(`${ESC}[31m<img src=x onerror=alert(1)>${ESC}[0m`);
    expect(segments[0]?.text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('hasAnsiColour and paletteRgb', () => {
  it('tells colour codes from other escapes', () => {
    expect(hasAnsiColour(`${ESC}[0;32mok`)).toBe(true);
    expect(hasAnsiColour(`${ESC}[2K${ESC}[1G`)).toBe(false);
    expect(hasAnsiColour('plain')).toBe(false);
  });

  it('maps the xterm cube and grey ramp', () => {
    expect(paletteRgb(16)).toBe('rgb(0, 0, 0)');
    expect(paletteRgb(231)).toBe('rgb(255, 255, 255)');
    expect(paletteRgb(244)).toBe('rgb(128, 128, 128)');
  });
});
