import { describe, expect, it } from 'vitest';
import { shortTrajectoryId } from './trajectory-id';

describe('shortTrajectoryId', () => {
  it('drops the dataset prefix', () => {
    expect(
      shortTrajectoryId('2025-08-10_telecom_llm_agent:task_3/7', '2025-08-10_telecom_llm_agent'),
    ).toBe('task_3/7');
  });

  it('keeps ids that do not start with the dataset', () => {
    expect(shortTrajectoryId('other:t/1', 'ds')).toBe('other:t/1');
    expect(shortTrajectoryId('dsx:t/1', 'ds')).toBe('dsx:t/1');
  });

  it('never shortens to nothing', () => {
    expect(shortTrajectoryId('ds:', 'ds')).toBe('ds:');
    expect(shortTrajectoryId(':a', '')).toBe(':a');
  });
});
