// The explorer grid's sticky header: every column sorts; a second click reverses.
import Box from '@mui/material/Box';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';
import { EXPLORER_COLUMNS, EXPLORER_WIDTH } from './explorer-columns';

export const EXPLORER_HEADER_HEIGHT = 40;

type Props = {
  sort: TrajectorySortColumn;
  descending: boolean;
  onSort: (column: TrajectorySortColumn) => void;
};

export function ExplorerHeader({ sort, descending, onSort }: Props) {
  return (
    <Box
      role="row"
      aria-rowindex={1}
      sx={{
        display: 'flex',
        width: EXPLORER_WIDTH,
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
      {EXPLORER_COLUMNS.map((column) => (
        <Box
          key={column.id}
          role="columnheader"
          aria-sort={column.sort === sort ? (descending ? 'descending' : 'ascending') : 'none'}
          title={column.title}
          sx={{
            width: column.width,
            flex: 'none',
            px: 1,
            boxSizing: 'border-box',
            fontSize: 13,
            fontWeight: 600,
            display: 'flex',
            justifyContent: column.numeric === true ? 'flex-end' : 'flex-start',
            overflow: 'hidden',
            ...(column.id === 'trajectory_id'
              ? { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper' }
              : {}),
          }}
        >
          <TableSortLabel
            active={column.sort === sort}
            direction={column.sort === sort && descending ? 'desc' : 'asc'}
            onClick={() => onSort(column.sort)}
            aria-label={column.title ?? column.label}
          >
            {column.label}
          </TableSortLabel>
        </Box>
      ))}
    </Box>
  );
}
