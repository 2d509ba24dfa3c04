// The API calls the explorer makes for its first screen, with the very inputs its components
// build, so they can be asked at start beside the page's code (renderer/route-data.ts) and the
// components find the answers in the query cache instead of asking once their code has run.
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import type { ApiCall } from '../../api/query-client';
import { readPersistentState } from '../../hooks/usePersistentState';
import { currentExplorerSort, DEFAULT_EXPLORER_SORT } from './explorer-sort-url';
import { rowBlockInput } from './useTrajectoryRows';

/** Where the explorer keeps its last sort in the tab's session storage. */
export const EXPLORER_SORT_KEY = 'explorer:sort';

/**
 * The first screen's calls for `filter` under the URL `hash`. With turn text in the filter, rows
 * and facets wait for the text search (useTextSearch), so only the layout and the saved filters
 * are asked for then.
 */
export function explorerFirstCalls(filter: TrajectoryFilter, hash: string): ApiCall[] {
  // In the order the first screen needs them: the engine answers one at a time.
  const around: ApiCall[] = [
    { method: 'getExplorerLayout', input: {} },
    { method: 'listSavedFilters', input: {} },
  ];
  if ((filter.text?.trim() ?? '') !== '') return around;
  const sort = currentExplorerSort(
    hash,
    readPersistentState(EXPLORER_SORT_KEY, DEFAULT_EXPLORER_SORT),
  );
  const query = { ...filter, sort: sort.sort, descending: sort.descending };
  return [
    { method: 'listTrajectories', input: rowBlockInput(query, 0) },
    ...around,
    { method: 'getTrajectoryFacets', input: filter },
  ];
}
