// The trajectory explorer grid: server-side filtered and sorted, virtualized (only visible rows
// are in the DOM, fetched in blocks), with j/k to move and Enter to open. Its columns follow the
// workspace's saved layout (resize, hide, reorder; useExplorerColumns).
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useFixedRows } from '../../hooks/useFixedRows';
import { navigate, trajectoryHref } from '../../routing/routes';
import { ExplorerColumnsMenu } from './ExplorerColumnsMenu';
import { EXPLORER_HEADER_HEIGHT, ExplorerHeader } from './ExplorerHeader';
import { EXPLORER_ROW_HEIGHT, ExplorerRow } from './ExplorerRow';
import { useExplorerColumns } from './useExplorerColumns';
import { handleExplorerKey, useGlobalExplorerKeys } from './useExplorerKeys';
import { useExplorerLayout } from './useExplorerLayout';
import { useTrajectoryRows, type RowsQuery } from './useTrajectoryRows';

type Props = {
  query: RowsQuery & { sort: TrajectorySortColumn; descending: boolean };
  /** Ask for no rows yet (the explorer's text search is starting). */
  paused?: boolean;
  onSort: (column: TrajectorySortColumn) => void;
  /** Rows shown at most before the grid scrolls. */
  maxVisibleRows?: number;
  /** j/k/Enter work anywhere on the page, not only when the grid has focus. */
  globalKeys?: boolean;
  /** Above the grid (filters), given the Columns menu button to place among its buttons. */
  toolbar?: (columnsMenu: ReactNode) => ReactNode;
  onTotal?: (total: number | undefined) => void;
};

export function ExplorerTable({
  query,
  paused = false,
  onSort,
  maxVisibleRows = 16,
  globalKeys = false,
  toolbar,
  onTotal,
}: Props) {
  const rows = useTrajectoryRows(query, !paused);
  const layout = useExplorerLayout();
  const { table, visible: columns, widths, totalWidth } = useExplorerColumns(layout);
  const shortIds = columns.some((column) => column.id === 'dataset_id');
  const total = rows.total ?? 0;
  const bodyHeight = Math.min(maxVisibleRows, Math.max(1, total)) * EXPLORER_ROW_HEIGHT;
  const {
    scrollerRef,
    first,
    last,
    totalHeight,
    scrollToRow,
    scrollToTop,
    rows: shown,
  } = useFixedRows<HTMLDivElement>({
    count: total,
    rowHeight: EXPLORER_ROW_HEIGHT,
    viewportHeight: bodyHeight + EXPLORER_HEADER_HEIGHT,
    headerHeight: EXPLORER_HEADER_HEIGHT,
  });
  const queryKey = JSON.stringify(query);
  // The selection belongs to one filter and sort; a new one starts unselected.
  const [selection, setSelection] = useState({ key: queryKey, index: -1 });
  const selected = selection.key === queryKey ? selection.index : -1;
  const setSelected = useCallback(
    (index: number) => setSelection({ key: queryKey, index }),
    [queryKey],
  );
  const { ensure } = rows;

  // The blocks of rows the virtualizer shows are the ones fetched.
  useEffect(() => ensure(first, last), [ensure, first, last]);
  useEffect(() => onTotal?.(rows.total), [onTotal, rows.total]);
  // A new filter or sort starts at the top.
  useEffect(() => {
    if (queryKey !== '') scrollToTop();
  }, [queryKey, scrollToTop]);

  const move = useCallback(
    (delta: number) => {
      if (total === 0) return;
      const next = Math.min(total - 1, Math.max(0, selected + delta));
      setSelected(next);
      scrollToRow(next);
    },
    [scrollToRow, selected, setSelected, total],
  );
  const open = useCallback(() => {
    const row = rows.rowAt(selected);
    if (row !== undefined) navigate(trajectoryHref(row.trajectory_id));
  }, [rows, selected]);
  useGlobalExplorerKeys(globalKeys, { move, open });

  const visible = shown.map(({ index, top }) => {
    const row = rows.rowAt(index);
    return row === undefined ? (
      <Box key={`pending-${index}`} sx={{ position: 'absolute', top, px: 1, py: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.disabled' }}>
          …
        </Typography>
      </Box>
    ) : (
      <ExplorerRow
        key={row.trajectory_id}
        row={row}
        index={index}
        columns={columns}
        shortIds={shortIds}
        selected={index === selected}
        onSelect={setSelected}
      />
    );
  });

  return (
    <Paper sx={{ overflow: 'hidden' }}>
      {toolbar?.(<ExplorerColumnsMenu table={table} layout={layout} />)}
      <LinearProgress sx={{ height: 2, visibility: rows.loading ? 'visible' : 'hidden' }} />
      {rows.error !== undefined && (
        <ErrorAlert error={rows.error} title="Could not list trajectories" onRetry={rows.reload} />
      )}
      <Box
        ref={scrollerRef}
        role="grid"
        aria-label="Trajectories"
        aria-rowcount={total + 1}
        tabIndex={0}
        data-testid="trajectory-grid"
        onKeyDown={(event) => {
          if (handleExplorerKey(event, { move, open })) event.preventDefault();
        }}
        style={widths}
        sx={{
          height: bodyHeight + EXPLORER_HEADER_HEIGHT + 2,
          overflow: 'auto',
          position: 'relative',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <ExplorerHeader
          table={table}
          columns={columns}
          totalWidth={totalWidth}
          sort={query.sort}
          descending={query.descending}
          onSort={onSort}
        />
        <Box sx={{ position: 'relative' }} style={{ width: totalWidth, height: totalHeight }}>
          {visible}
        </Box>
        {rows.total === 0 && (
          <Typography sx={{ color: 'text.secondary', p: 2, position: 'absolute', top: 44 }}>
            No trajectories match.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
