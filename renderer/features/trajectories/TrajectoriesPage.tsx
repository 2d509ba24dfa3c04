// `#/trajectories?<filter>`: the explorer. The filter lives in the URL (shareable, back/forward
// work); facets on the left, the virtualized grid on the right. j/k move, Enter opens.
import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import {
  TRAJECTORY_SORT_COLUMNS,
  type TrajectoryFilter,
  type TrajectorySortColumn,
} from '../../../shared/trajectory-filter';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../hooks/usePersistentState';
import { explorerHref, navigate, replaceRoute } from '../../routing/routes';
import { defaultDescending } from './explorer-columns';
import { ExplorerFilterBar } from './ExplorerFilterBar';
import { ExplorerTable } from './ExplorerTable';
import { FacetPanel } from './FacetPanel';

type SortState = { sort: TrajectorySortColumn; descending: boolean };
const INITIAL_SORT: SortState = { sort: 'trajectory_id', descending: false };

export function TrajectoriesPage({ filter }: { filter: TrajectoryFilter }) {
  const [stored, setSort] = usePersistentState<SortState>('explorer:sort', INITIAL_SORT);
  const sort = TRAJECTORY_SORT_COLUMNS.includes(stored.sort) ? stored : INITIAL_SORT;
  const [total, setTotal] = useState<number | undefined>(undefined);
  const change = useCallback((next: TrajectoryFilter, options?: { replace?: boolean }) => {
    const href = explorerHref(next);
    if (options?.replace === true) replaceRoute(href);
    else navigate(href);
  }, []);
  return (
    <>
      <PageHeader
        title="Trajectories"
        subtitle="Every rollout in this workspace. Filter by facets, values, ids or turn text; j/k move, Enter opens."
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <FacetPanel filter={filter} onChange={change} />
        <ExplorerTable
          query={{ ...filter, sort: sort.sort, descending: sort.descending }}
          onSort={(column) =>
            setSort((previous) => ({
              sort: column,
              descending:
                previous.sort === column ? !previous.descending : defaultDescending(column),
            }))
          }
          maxVisibleRows={18}
          globalKeys
          onTotal={setTotal}
          toolbar={<ExplorerFilterBar filter={filter} onChange={change} total={total} />}
        />
      </Box>
    </>
  );
}
