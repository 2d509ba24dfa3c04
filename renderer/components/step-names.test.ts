import { describe, expect, it } from 'vitest';
import { stepName, turnName, turnSpanName } from './step-names';

describe('step names', () => {
  it('use the stored indices from 0, steps by name and turns by index', () => {
    expect(stepName(0)).toBe('Step 0');
    expect(turnName(12)).toBe('turn 12');
    expect(turnSpanName(4, 4)).toBe('turn 4');
    expect(turnSpanName(4, 6)).toBe('turns 4–6');
  });
});
