import { describe, expect, it } from 'vitest';
import { taskValueTest } from './task-prompt';

describe('the values of a task prompt', () => {
  it('knows the values of the system prompt and the user messages before the agent acts', () => {
    const isTaskValue = taskValueTest([
      { role: 'system', content: 'You are a pentester.' },
      { role: 'user', content: 'Log in as admin with password Tr0ub4dor-x9.' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'and Zq8Kf3Lm9Px2' },
    ]);
    expect(isTaskValue('Tr0ub4dor-x9')).toBe(true);
    expect(isTaskValue('Zq8Kf3Lm9Px2')).toBe(false);
    expect(isTaskValue('')).toBe(false);
  });

  it('does not count a secret the prompt itself assigns as given to the agent', () => {
    const isTaskValue = taskValueTest([
      { role: 'system', content: 'DB_PASSWORD=Tr0ub4dor-x9 is set; the user says Zq8Kf3Lm9Px2' },
    ]);
    expect(isTaskValue('Tr0ub4dor-x9')).toBe(false);
    expect(isTaskValue('Zq8Kf3Lm9Px2')).toBe(true);
  });
});
