import { describe, expect, it } from 'vitest';
import { decodeFilterQuery } from '../../../shared/trajectory-filter';
import { explorerHref, parseRoute } from '../../routing/routes';
import { decodeSortQuery, withSort } from './explorer-sort-url';

describe('explorer sort in the URL', () => {
  it('reads the sort and direction from the hash', () => {
    expect(decodeSortQuery('#/trajectories?outcome=failure&sort=reward&desc=1')).toEqual({
      sort: 'reward',
      descending: true,
    });
    expect(decodeSortQuery('#/trajectories?sort=n_turns')).toEqual({
      sort: 'n_turns',
      descending: false,
    });
  });

  it('ignores a missing or unknown sort', () => {
    expect(decodeSortQuery('#/trajectories')).toBeUndefined();
    expect(decodeSortQuery('#/trajectories?outcome=failure')).toBeUndefined();
    expect(decodeSortQuery('#/trajectories?sort=drop%20table&desc=1')).toBeUndefined();
  });

  it('round-trips beside the filter, which keeps its own keys', () => {
    const filter = { outcome: 'success' as const, ranges: { n_actions: { min: 3 } } };
    const href = withSort(explorerHref(filter), { sort: 'progress_score', descending: true });
    expect(decodeSortQuery(href)).toEqual({ sort: 'progress_score', descending: true });
    expect(parseRoute(href)).toEqual({ name: 'trajectories', filter });
    expect(decodeFilterQuery(href.slice(href.indexOf('?') + 1))).toEqual(filter);
    expect(withSort(explorerHref({}), { sort: 'reward', descending: false })).toBe(
      '#/trajectories?sort=reward',
    );
  });
});
