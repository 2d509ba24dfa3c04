// The turn list's parts are merged into one object of rules keyed by selector, so two parts that
// wrote the same selector would silently lose the first one's rules.
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../theme/theme';
import { TURN_LIST_PARTS, turnListStyles } from './turn-styles';

describe('turnListStyles', () => {
  it.each(['light', 'dark'] as const)("keeps every part's rules in %s mode", (mode) => {
    const theme = createAppTheme(mode);
    const selectors = TURN_LIST_PARTS.flatMap((part) => Object.keys(part(theme)));
    expect(new Set(selectors).size).toBe(selectors.length);
    const rules = turnListStyles(theme);
    for (const part of TURN_LIST_PARTS) {
      for (const [selector, rule] of Object.entries(part(theme))) {
        expect(rules[selector]).toEqual(rule);
      }
    }
  });
});
