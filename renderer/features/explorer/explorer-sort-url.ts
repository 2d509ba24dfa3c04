// The explorer's sort in its hash route (`#/trajectories?outcome=failure&sort=reward&desc=1`),
// beside the filter of shared/trajectory-filter.ts, whose decoder ignores these keys. A link or
// a reload then shows the same order.
import {
  TRAJECTORY_SORT_COLUMNS,
  type TrajectorySortColumn,
} from '../../../shared/trajectory-filter';

export type ExplorerSort = { sort: TrajectorySortColumn; descending: boolean };

/** The sort in a hash or query string; undefined when it names none or an unknown column. */
export function decodeSortQuery(hash: string): ExplorerSort | undefined {
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(query);
  const sort = params.get('sort');
  if (sort === null || !(TRAJECTORY_SORT_COLUMNS as readonly string[]).includes(sort)) {
    return undefined;
  }
  return { sort: sort as TrajectorySortColumn, descending: params.get('desc') === '1' };
}

/** The query fragment for a sort (without '?' or '&'). */
export function encodeSortQuery(sort: ExplorerSort): string {
  return `sort=${sort.sort}${sort.descending ? '&desc=1' : ''}`;
}

/** An explorer href (from explorerHref) with the sort added. */
export function withSort(href: string, sort: ExplorerSort): string {
  return `${href}${href.includes('?') ? '&' : '?'}${encodeSortQuery(sort)}`;
}

/** The explorer's order before anyone picks one. */
export const DEFAULT_EXPLORER_SORT: ExplorerSort = { sort: 'trajectory_id', descending: false };

/** The sort the explorer shows: the URL's wins (a link, a reload), else the session's last one. */
export function currentExplorerSort(hash: string, stored: ExplorerSort): ExplorerSort {
  return (
    decodeSortQuery(hash) ??
    (TRAJECTORY_SORT_COLUMNS.includes(stored.sort) ? stored : DEFAULT_EXPLORER_SORT)
  );
}
