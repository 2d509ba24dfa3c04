import { describe, expect, it } from 'vitest';
import {
  decodeFilterQuery,
  encodeFilterQuery,
  isEmptyFilter,
  TrajectoryFilterSchema,
  type TrajectoryFilter,
} from './trajectory-filter';

describe('explorer filter links', () => {
  it('round-trips every field, with commas, slashes, tildes and null values', () => {
    const filter: TrajectoryFilter = {
      dataset_id: 'ds/1',
      group_id: 'g:1',
      trajectory_ids: ['a,b', 'c~d'],
      dataset_ids: ['x', 'y z'],
      task_ids: ['django/django#1', null],
      models: [null],
      outcome: 'failure',
      ranges: { reward: { min: -0.5, max: 1e-3 }, regression: { min: 1 }, n_turns: { max: 40 } },
      search: 'repair&more=1',
      text: 'Traceback (most recent',
      turn_error: 'exit_code',
      segmentation: 'window:4',
    };
    const query = encodeFilterQuery(filter);
    expect(query).not.toContain(' ');
    expect(decodeFilterQuery(query)).toEqual(filter);
    expect(decodeFilterQuery(`?${query}`)).toEqual(filter);
  });

  it('leaves defaults out of the link', () => {
    expect(encodeFilterQuery({ outcome: 'any', segmentation: 'action', search: '' })).toBe('');
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ outcome: 'success' })).toBe(false);
  });

  it('ignores unknown keys and malformed values, keeping the rest', () => {
    const decoded = decodeFilterQuery(
      'outcome=maybe&reward=abc&n_turns=5..&nope=1&segmentation=bogus&tasks=t1&ids=&q=%E0%A4%A' +
        '&error=crash',
    );
    expect(decoded).toEqual({
      ranges: { n_turns: { min: 5 } },
      task_ids: ['t1'],
      search: '%E0%A4%A',
    });
    expect(TrajectoryFilterSchema.safeParse(decoded).success).toBe(true);
  });

  it('keeps the ids link of the SQL console working', () => {
    expect(decodeFilterQuery('ids=a%2Cb,c')).toEqual({ trajectory_ids: ['a,b', 'c'] });
  });
});
