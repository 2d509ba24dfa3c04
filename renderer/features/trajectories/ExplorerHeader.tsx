// The explorer grid's sticky header: every column sorts (a second click reverses), shows its full
// name on hover, and resizes by dragging its right edge (double-click: default width; the arrow
// keys on the focused edge work too).
import Box from '@mui/material/Box';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';
import { explorerColumn, PINNED_COLUMN } from './explorer-columns';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import { columnWidthVar, type ExplorerColumnsTable } from './useExplorerColumns';

export const EXPLORER_HEADER_HEIGHT = 40;

type Props = {
  table: ExplorerColumnsTable;
  totalWidth: number;
  sort: TrajectorySortColumn;
  descending: boolean;
  onSort: (column: TrajectorySortColumn) => void;
};

export function ExplorerHeader({ table, totalWidth, sort, descending, onSort }: Props) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <Box
      role="row"
      aria-rowindex={1}
      // A plain style: it changes with every pixel of a resize.
      style={{ width: totalWidth }}
      sx={{
        display: 'flex',
        height: EXPLORER_HEADER_HEIGHT,
        position: 'sticky',
        top: 0,
        // Above the rows' sticky id cells (zIndex 1), which would otherwise paint over it.
        zIndex: 3,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'center',
      }}
    >
      {headers.map((header) => {
        const column = explorerColumn(header.column.id);
        if (column === undefined) return null;
        const active = column.sort === sort;
        const name = column.title ?? column.label;
        return (
          <Box
            key={header.id}
            role="columnheader"
            aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}
            data-column={column.id}
            sx={{
              width: `var(${columnWidthVar(column.id)})`,
              height: '100%',
              flex: 'none',
              px: 0.75,
              boxSizing: 'border-box',
              fontSize: 13,
              fontWeight: 600,
              display: 'flex',
              alignItems: 'center',
              justifyContent: column.numeric === true ? 'flex-end' : 'flex-start',
              position: 'relative',
              ...(column.id === PINNED_COLUMN
                ? { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper' }
                : {}),
            }}
          >
            <Tooltip title={name} enterDelay={400} placement="top">
              <TableSortLabel
                active={active}
                direction={active && descending ? 'desc' : 'asc'}
                // Only the sorted column shows its arrow, so the others' labels have the room.
                hideSortIcon
                onClick={() => onSort(column.sort)}
                aria-label={name}
                sx={{
                  minWidth: 0,
                  '& .MuiTableSortLabel-icon': { fontSize: 16, ml: 0.25, mr: 0 },
                }}
              >
                <Box
                  component="span"
                  sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {column.label}
                </Box>
              </TableSortLabel>
            </Tooltip>
            <ColumnResizeHandle header={header} table={table} label={name} />
          </Box>
        );
      })}
    </Box>
  );
}
