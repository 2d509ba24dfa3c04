// DRIFT export weights on hand-computed cases: grouping (group, else task, within a dataset), the
// reward fallback to success, and copies for duplication by weight.
import { describe, expect, it } from 'vitest';
import { copiesOf, driftGroupKey, trajectoryDriftWeights } from './drift-weights';
import type { SelectedTrajectory } from './selection';

function trajectory(
  id: string,
  fields: Partial<Omit<SelectedTrajectory, 'trajectory_id'>> = {},
): SelectedTrajectory {
  return {
    trajectory_id: id,
    dataset_id: 'd',
    task_id: null,
    group_id: null,
    group_success: null,
    reward: null,
    success: null,
    ...fields,
  };
}

describe('trajectoryDriftWeights', () => {
  it('matches the worked example: rewards 1, 0, 0.5 in one group, beta 0.5', () => {
    // R/beta = 2, 0, 1; m = 2; exp(R/beta - m) = 1, e^-2, e^-1 (0.135335, 0.367879);
    // mean = 1.503215 / 3 = 0.501072; w = 1 / 0.501072, 0.135335 / 0.501072, 0.367879 / 0.501072.
    const selected = [
      trajectory('a', { group_id: 'g', reward: 1 }),
      trajectory('b', { group_id: 'g', reward: 0 }),
      trajectory('c', { group_id: 'g', reward: 0.5 }),
    ];
    expect([...trajectoryDriftWeights(selected, 0.5)]).toEqual([
      ['a', 1.995723],
      ['b', 0.270092],
      ['c', 0.734185],
    ]);
  });

  it('weights each group on its own, falling back to the task, then to the trajectory', () => {
    // Default beta 0.2, rewards 1 and 0: exp(5 - 5) = 1 and exp(-5) = 0.006738, mean 0.503369.
    const selected = [
      trajectory('g1', { group_id: 'g', task_id: 't', reward: 1 }),
      trajectory('t1', { task_id: 't', reward: 1 }),
      trajectory('g2', { group_id: 'g', task_id: 't', reward: 0 }),
      trajectory('t2', { task_id: 't', success: false }),
      trajectory('x', { task_id: 't', dataset_id: 'other', reward: 0 }),
      trajectory('lone', { reward: 0 }),
      trajectory('unknown', { group_id: 'g' }),
    ];
    const weights = trajectoryDriftWeights(selected, 0.2);
    expect(weights.get('g1')).toBe(1.986614);
    expect(weights.get('g2')).toBe(0.013386);
    // Same task id, but grouped apart from group g: success false counts as reward 0.
    expect(weights.get('t1')).toBe(1.986614);
    expect(weights.get('t2')).toBe(0.013386);
    // Another dataset's task, and no group or task at all: groups of one, weight 1 / (1 + 1e-12).
    expect(weights.get('x')).toBe(1);
    expect(weights.get('lone')).toBe(1);
    expect(weights.get('unknown')).toBeNull();
  });

  it('keys groups by dataset and kind', () => {
    const keyOf = (fields: Partial<SelectedTrajectory>) => driftGroupKey(trajectory('z', fields));
    expect(keyOf({ group_id: 'g' })).not.toBe(keyOf({ task_id: 'g' }));
    expect(keyOf({ group_id: 'g' })).not.toBe(keyOf({ group_id: 'g', dataset_id: 'e' }));
    expect(keyOf({ group_id: 'g', task_id: 'a' })).toBe(keyOf({ group_id: 'g', task_id: 'b' }));
  });

  it('is the same whatever order the groups come in', () => {
    const a = [
      trajectory('a', { group_id: 'g', reward: 1 }),
      trajectory('b', { group_id: 'h', reward: 0.3 }),
      trajectory('c', { group_id: 'g', reward: 0.2 }),
      trajectory('d', { group_id: 'h', reward: 0.9 }),
    ];
    const forward = trajectoryDriftWeights(a, 0.2);
    const backward = trajectoryDriftWeights([...a].reverse(), 0.2);
    for (const [id, weight] of forward) expect(backward.get(id)).toBe(weight);
  });
});

describe('copiesOf', () => {
  it('rounds the weight, halves up; 0 drops, unknown writes once', () => {
    expect([0, 0.49, 0.5, 1.49, 1.5, 2.6].map(copiesOf)).toEqual([0, 0, 1, 1, 2, 3]);
    expect(copiesOf(null)).toBe(1);
  });
});
