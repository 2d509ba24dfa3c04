import { describe, expect, it } from 'vitest';
import { decodeFilterQuery } from '../../../shared/trajectory-filter';
import { describeFilter, explorerHref, withOutcome, withRange, withValue } from './chart-links';

describe('chart links', () => {
  it('narrows the current filter to the clicked task, keeping the rest', () => {
    const next = withValue({ outcome: 'failure', models: ['m'] }, 'task_ids', 'repair/1');
    expect(next).toEqual({ outcome: 'failure', models: ['m'], task_ids: ['repair/1'] });
    const href = explorerHref(next);
    expect(href.startsWith('#/trajectories?')).toBe(true);
    expect(decodeFilterQuery(href.slice('#/trajectories?'.length))).toEqual(next);
  });

  it('intersects a clicked bin with the range the filter already has', () => {
    const filter = { ranges: { n_turns: { min: 4 }, reward: { max: 1 } } };
    expect(withRange(filter, 'n_turns', { min: 2, max: 9 }).ranges).toEqual({
      n_turns: { min: 4, max: 9 },
      reward: { max: 1 },
    });
    expect(withRange({}, 'progress_score', { min: 0.5 }).ranges).toEqual({
      progress_score: { min: 0.5 },
    });
    expect(withOutcome(withRange({}, 'regression', { min: 1 }), 'success')).toEqual({
      outcome: 'success',
      ranges: { regression: { min: 1 } },
    });
  });

  it('describes a filter in words', () => {
    expect(describeFilter({})).toEqual([]);
    expect(
      describeFilter({
        outcome: 'failure',
        task_ids: ['a', null, 'c', 'd'],
        ranges: { n_turns: { min: 3, max: 9 }, progress_score: { min: 0.5 } },
        segmentation: 'window:2',
      }),
    ).toEqual([
      'tasks: a, (none), c +1',
      'outcome: failure',
      'turns 3 to 9',
      'progress score ≥ 0.5',
      'segmentation: window:2',
    ]);
  });
});
