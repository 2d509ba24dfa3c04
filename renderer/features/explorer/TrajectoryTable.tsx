// The trajectories of one dataset or group: id search, outcome and sort, remembered per page for
// the session, over the virtualized explorer grid.
import {
  OUTCOME_FILTERS,
  TRAJECTORY_SORT_COLUMNS,
  type OutcomeFilter,
  type TrajectoryFilter,
  type TrajectorySortColumn,
} from '../../../shared/trajectory-filter';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { usePersistentState } from '../../hooks/usePersistentState';
import { defaultDescending } from './explorer-columns';
import { ExplorerTable } from './ExplorerTable';
import { TrajectoryFilters } from './TrajectoryFilters';
import { useState } from 'react';

type TableState = {
  sort: TrajectorySortColumn;
  descending: boolean;
  search: string;
  outcome: OutcomeFilter;
};

const INITIAL: TableState = {
  sort: 'trajectory_id',
  descending: false,
  search: '',
  outcome: 'any',
};

/** Remembered state may come from an older version; fall back field by field. */
function sane(state: TableState): TableState {
  return {
    sort: TRAJECTORY_SORT_COLUMNS.includes(state.sort) ? state.sort : INITIAL.sort,
    descending: state.descending === true,
    search: typeof state.search === 'string' ? state.search.slice(0, 200) : '',
    outcome: OUTCOME_FILTERS.includes(state.outcome) ? state.outcome : 'any',
  };
}

type Props = {
  scope: Pick<TrajectoryFilter, 'dataset_id' | 'group_id'>;
  storageKey: string;
};

export function TrajectoryTable({ scope, storageKey }: Props) {
  const [stored, setState] = usePersistentState<TableState>(`trajectories:${storageKey}`, INITIAL);
  const state = sane(stored);
  const search = useDebouncedValue(state.search.trim(), 300);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const set = (patch: Partial<TableState>) => setState((prev) => ({ ...sane(prev), ...patch }));
  return (
    <ExplorerTable
      query={{
        ...scope,
        search: search === '' ? undefined : search,
        outcome: state.outcome,
        sort: state.sort,
        descending: state.descending,
      }}
      onSort={(column) =>
        set({
          sort: column,
          descending: state.sort === column ? !state.descending : defaultDescending(column),
        })
      }
      onTotal={setTotal}
      toolbar={(columnsMenu) => (
        <TrajectoryFilters
          search={state.search}
          onSearch={(text) => set({ search: text })}
          outcome={state.outcome}
          onOutcome={(outcome) => set({ outcome })}
          total={total}
          columnsMenu={columnsMenu}
        />
      )}
    />
  );
}
