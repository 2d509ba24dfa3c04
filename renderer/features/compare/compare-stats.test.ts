import { describe, expect, it } from 'vitest';
import type { CompareTask } from '../../../shared/api-compare';
import { defaultDiffPair, jitter, sortTasks, taskDifference } from './compare-stats';
import { rollout, TASKS } from './compare-test-support';

describe('compare-stats', () => {
  it('sorts by difference (largest gain first), by text, and keeps missing values last', () => {
    const ids = (sorted: typeof TASKS) => sorted.map((t) => t.task_id);
    expect(ids(sortTasks(TASKS, { column: 'difference', descending: true }))).toEqual([
      'fixed-one',
      'half-up',
      'same-right',
      'same-wrong',
      'broken-one',
    ]);
    expect(ids(sortTasks(TASKS, { column: 'task_id', descending: false }))[0]).toBe('broken-one');
    const first = TASKS[0] as CompareTask;
    const empty = { ...first, task_id: 'empty', a: { ...first.a, n: 0, successes: 0 } };
    expect(taskDifference(empty)).toBeNull();
    for (const descending of [true, false]) {
      expect(ids(sortTasks([empty, ...TASKS], { column: 'difference', descending })).at(-1)).toBe(
        'empty',
      );
    }
  });

  it('pairs a failure of the run that failed with a success of the other', () => {
    const a = [rollout('a0', true, 0), rollout('a1', false, 1), rollout('a2', false, 2)];
    const b = [rollout('b0', false, 0), rollout('b1', true, 1), rollout('b2', true, 2)];
    // Failed in A (1 of 3), succeeded in B (2 of 3).
    expect(defaultDiffPair(a, b)).toEqual(['a1', 'b1']);
    // Reversed: succeeded in A, failed in B.
    expect(defaultDiffPair(b, a)).toEqual(['b1', 'a1']);
    // The same outcome, no success in B: the first of each.
    const failures = [rollout('x0', false, 0)];
    expect(defaultDiffPair(failures, [rollout('y0', false, 0)])).toEqual(['x0', 'y0']);
    expect(defaultDiffPair([], b)).toBeNull();
  });

  it('jitters each task by a small, stable amount', () => {
    expect(jitter('t')).toBe(jitter('t'));
    for (const id of ['a', 'b', 'task-123', ''])
      expect(Math.abs(jitter(id))).toBeLessThanOrEqual(0.025);
  });
});
