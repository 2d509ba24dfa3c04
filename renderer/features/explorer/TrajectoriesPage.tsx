// `#/trajectories?<filter>&sort=…`: the explorer. Filter and sort live in the URL (shareable,
// back/forward and reload keep them); facets on the left, the virtualized grid on the right.
import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../hooks/usePersistentState';
import { explorerHref, navigate, replaceRoute } from '../../routing/routes';
import { defaultDescending } from './explorer-columns';
import { ExplorerFilterBar } from './ExplorerFilterBar';
import { EXPLORER_SORT_KEY } from './explorer-first-calls';
import {
  currentExplorerSort,
  DEFAULT_EXPLORER_SORT,
  withSort,
  type ExplorerSort,
} from './explorer-sort-url';
import { ExplorerTable } from './ExplorerTable';
import { FacetPanel } from './FacetPanel';
import { TextSearchStatus } from './TextSearchStatus';
import { useTextSearch } from './useTextSearch';

export function TrajectoriesPage({ filter }: { filter: TrajectoryFilter }) {
  const [stored, setSort] = usePersistentState<ExplorerSort>(
    EXPLORER_SORT_KEY,
    DEFAULT_EXPLORER_SORT,
  );
  const sort = currentExplorerSort(window.location.hash, stored);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const change = useCallback(
    (next: TrajectoryFilter, options?: { replace?: boolean }) => {
      const href = withSort(explorerHref(next), sort);
      if (options?.replace === true) replaceRoute(href);
      else navigate(href);
    },
    [sort],
  );
  const text = filter.text?.trim() ?? '';
  // With a text filter, rows and facets wait until the search exists, then read its matches.
  const search = useTextSearch(text);
  const paused = !search.ready;
  return (
    <>
      <PageHeader
        title="Trajectories"
        subtitle="Every rollout in this workspace. Filter by facets, values, ids or turn text; j/k move, Enter opens."
      />
      {text !== '' && (
        <Box sx={{ mb: 2 }}>
          <TextSearchStatus text={text} search={search} />
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <FacetPanel filter={filter} onChange={change} paused={paused} />
        <ExplorerTable
          query={{ ...filter, sort: sort.sort, descending: sort.descending }}
          paused={paused}
          onSort={(column) => {
            const next: ExplorerSort = {
              sort: column,
              descending: sort.sort === column ? !sort.descending : defaultDescending(column),
            };
            setSort(() => next);
            // A new order is not a new page: no history entry.
            replaceRoute(withSort(explorerHref(filter), next));
          }}
          maxVisibleRows={18}
          globalKeys
          onTotal={setTotal}
          toolbar={(columnsMenu) => (
            <ExplorerFilterBar
              filter={filter}
              onChange={change}
              total={total}
              columnsMenu={columnsMenu}
            />
          )}
        />
      </Box>
    </>
  );
}
