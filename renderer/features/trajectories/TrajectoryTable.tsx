// Server-side paged, sorted and filtered trajectories, for a dataset, a group or the workspace.
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { OUTCOME_FILTERS, TRAJECTORY_SORT_COLUMNS } from '../../../shared/api';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { TableSkeleton } from '../../components/TableSkeleton';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { usePersistentState } from '../../hooks/usePersistentState';
import { TrajectoryFilters, type OutcomeFilter } from './TrajectoryFilters';
import { TrajectoryRow } from './TrajectoryRow';

type SortColumn = (typeof TRAJECTORY_SORT_COLUMNS)[number];
type Column = { id: string; label: string; numeric?: boolean; sort?: SortColumn };

const COLUMNS: Column[] = [
  { id: 'trajectory_id', label: 'trajectory_id', sort: 'trajectory_id' },
  { id: 'task_id', label: 'task_id', sort: 'task_id' },
  { id: 'group_id', label: 'group_id', sort: 'group_id' },
  { id: 'sample_index', label: 'sample', numeric: true, sort: 'sample_index' },
  { id: 'reward', label: 'reward', numeric: true, sort: 'reward' },
  { id: 'success', label: 'success', sort: 'success' },
  { id: 'n_turns', label: 'turns', numeric: true, sort: 'n_turns' },
  { id: 'n_actions', label: 'actions', numeric: true, sort: 'n_actions' },
];

const PAGE_SIZES = [25, 50, 100, 250];

type TableState = {
  page: number;
  rowsPerPage: number;
  sort: SortColumn;
  descending: boolean;
  search: string;
  outcome: OutcomeFilter;
};

const INITIAL: TableState = {
  page: 0,
  rowsPerPage: 50,
  sort: 'trajectory_id',
  descending: false,
  search: '',
  outcome: 'any',
};

/** Remembered state may come from an older version; fall back field by field. */
function sane(state: TableState): TableState {
  return {
    page: Number.isInteger(state.page) && state.page >= 0 ? state.page : 0,
    rowsPerPage: PAGE_SIZES.includes(state.rowsPerPage) ? state.rowsPerPage : INITIAL.rowsPerPage,
    sort: TRAJECTORY_SORT_COLUMNS.includes(state.sort) ? state.sort : INITIAL.sort,
    descending: state.descending === true,
    search: typeof state.search === 'string' ? state.search.slice(0, 200) : '',
    outcome: OUTCOME_FILTERS.includes(state.outcome) ? state.outcome : 'any',
  };
}

type Props = {
  scope: { dataset_id?: string; group_id?: string; trajectory_ids?: string[] };
  storageKey: string;
};

export function TrajectoryTable({ scope, storageKey }: Props) {
  const [stored, setState] = usePersistentState<TableState>(`trajectories:${storageKey}`, INITIAL);
  const state = sane(stored);
  const search = useDebouncedValue(state.search.trim(), 300);
  const query = useApi(
    'listTrajectories',
    {
      ...scope,
      search: search === '' ? undefined : search,
      outcome: state.outcome,
      sort: state.sort,
      descending: state.descending,
      limit: state.rowsPerPage,
      offset: state.page * state.rowsPerPage,
    },
    { keepPrevious: true },
  );
  const total = query.data?.total;
  const lastPage =
    total === undefined ? state.page : Math.max(0, Math.ceil(total / state.rowsPerPage) - 1);

  const set = (patch: Partial<TableState>) => setState((prev) => ({ ...sane(prev), ...patch }));
  const sortBy = (column: SortColumn) =>
    set({
      sort: column,
      descending: state.sort === column ? !state.descending : column === 'reward',
      page: 0,
    });

  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <TrajectoryFilters
        search={state.search}
        onSearch={(text) => set({ search: text, page: 0 })}
        outcome={state.outcome}
        onOutcome={(outcome) => set({ outcome, page: 0 })}
        total={total}
      />
      <LinearProgress sx={{ height: 2, visibility: query.loading ? 'visible' : 'hidden' }} />
      {query.error !== undefined && (
        <ErrorAlert
          error={query.error}
          title="Could not list trajectories"
          onRetry={query.reload}
        />
      )}
      <TableContainer>
        <Table aria-label="Trajectories">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.numeric === true ? 'right' : 'left'}
                  sortDirection={
                    c.sort === state.sort ? (state.descending ? 'desc' : 'asc') : false
                  }
                >
                  {c.sort === undefined ? (
                    c.label
                  ) : (
                    <TableSortLabel
                      active={c.sort === state.sort}
                      direction={c.sort === state.sort && state.descending ? 'desc' : 'asc'}
                      onClick={() => sortBy(c.sort as SortColumn)}
                    >
                      {c.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data === undefined ? (
              query.error === undefined && <TableSkeleton columns={COLUMNS.length} />
            ) : query.data.rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={COLUMNS.length}
                  sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                >
                  {state.search !== '' || state.outcome !== 'any'
                    ? 'No trajectories match the search and filter.'
                    : 'No trajectories here.'}
                </TableCell>
              </TableRow>
            ) : (
              query.data.rows.map((row) => <TrajectoryRow key={row.trajectory_id} row={row} />)
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? -1}
        page={Math.min(state.page, lastPage)}
        rowsPerPage={state.rowsPerPage}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, page) => set({ page })}
        onRowsPerPageChange={(event) => set({ rowsPerPage: Number(event.target.value), page: 0 })}
      />
    </Paper>
  );
}
