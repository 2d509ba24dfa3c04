// The explorer grid's sticky header: every column sorts (a second click reverses), shows its full
// name on hover, and resizes by dragging its right edge (double-click: default width; the arrow
// keys on the focused edge work too).
import { styled } from '@mui/material/styles';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';
import { PINNED_COLUMN, type ExplorerColumn } from './explorer-columns';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import { columnWidthVar, type ExplorerColumnsTable } from './useExplorerColumns';

export const EXPLORER_HEADER_HEIGHT = 40;

type Props = {
  table: ExplorerColumnsTable;
  /** The shown columns, left to right: the list the rows render, so the two always agree. */
  columns: ExplorerColumn[];
  totalWidth: number;
  sort: TrajectorySortColumn;
  descending: boolean;
  onSort: (column: TrajectorySortColumn) => void;
};

/**
 * The row and its cells styled once, by attributes, as the rows are (ExplorerRow): an `sx` per
 * header cell, label and resize edge was three emotion styles per column in the explorer's first
 * render (docs/performance.md, "App start"). Each cell's width is its column's CSS variable.
 */
const HeaderRow = styled('div')(({ theme }) => ({
  display: 'flex',
  height: EXPLORER_HEADER_HEIGHT,
  position: 'sticky',
  top: 0,
  // Above the rows' sticky id cells (zIndex 1), which would otherwise paint over it.
  zIndex: 3,
  backgroundColor: theme.palette.background.paper,
  borderBottom: `1px solid ${theme.palette.divider}`,
  alignItems: 'center',
  '& > [role="columnheader"]': {
    height: '100%',
    flex: 'none',
    padding: theme.spacing(0, 0.75),
    boxSizing: 'border-box',
    fontSize: 13,
    fontWeight: 600,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-start',
    position: 'relative',
  },
  '& > [data-numeric]': { justifyContent: 'flex-end' },
  '& > [data-pinned]': {
    position: 'sticky',
    left: 0,
    zIndex: 2,
    backgroundColor: theme.palette.background.paper,
  },
  '& .MuiTableSortLabel-root': { minWidth: 0 },
  '& .MuiTableSortLabel-icon': { fontSize: 16, marginLeft: 2, marginRight: 0 },
  '& [data-label]': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
}));

export function ExplorerHeader({ table, columns, totalWidth, sort, descending, onSort }: Props) {
  // The table's headers carry the resize gesture. They follow the layout through TanStack's
  // store, which can lag a render behind it (a reset straight after a reload once left the old
  // order on screen in CI), so the order comes from the layout itself.
  const headers = new Map(
    (table.getHeaderGroups()[0]?.headers ?? []).map((header) => [header.column.id, header]),
  );
  return (
    // A plain style for the width: it changes with every pixel of a resize.
    <HeaderRow role="row" aria-rowindex={1} style={{ width: totalWidth }}>
      {columns.map((column) => {
        const header = headers.get(column.id);
        const active = column.sort === sort;
        const name = column.title ?? column.label;
        return (
          <div
            key={column.id}
            role="columnheader"
            aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
            data-column={column.id}
            data-numeric={column.numeric === true ? '' : undefined}
            data-pinned={column.id === PINNED_COLUMN ? '' : undefined}
            style={{ width: `var(${columnWidthVar(column.id)})` }}
          >
            <Tooltip title={name} enterDelay={400} placement="top">
              <TableSortLabel
                active={active}
                direction={active && descending ? 'desc' : 'asc'}
                // Only the sorted column shows its arrow, so the others' labels have the room.
                hideSortIcon
                onClick={() => onSort(column.sort)}
                aria-label={name}
              >
                <span data-label="">{column.label}</span>
              </TableSortLabel>
            </Tooltip>
            {header !== undefined && (
              <ColumnResizeHandle header={header} table={table} label={name} />
            )}
          </div>
        );
      })}
    </HeaderRow>
  );
}
