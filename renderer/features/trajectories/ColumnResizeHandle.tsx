// The right edge of an explorer header: drag to resize the column (TanStack Table's resize
// gesture, bounded by the column's least width), double-click for its default width, or focus it
// and use the arrow keys.
import Box from '@mui/material/Box';
import type { ExplorerColumnsTable, ExplorerHeaderCell } from './useExplorerColumns';

const KEY_STEP = 8;

type Props = {
  header: ExplorerHeaderCell;
  table: ExplorerColumnsTable;
  label: string;
};

export function ColumnResizeHandle({ header, table, label }: Props) {
  const { column } = header;
  const resize = header.getResizeHandler();
  const resizing = column.getIsResizing();
  const size = column.getSize();
  const setSize = (width: number) => {
    const { minSize = 0, maxSize = Infinity } = column.columnDef;
    const next = Math.round(Math.min(maxSize, Math.max(minSize, width)));
    table.setColumnSizing((previous) => ({ ...previous, [column.id]: next }));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={size}
      tabIndex={0}
      data-testid="column-resize"
      onMouseDown={resize}
      onTouchStart={resize}
      onDoubleClick={() => column.resetSize()}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        const delta = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
        if (delta === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        setSize(size + delta);
      }}
      sx={{
        position: 'absolute',
        right: 0,
        top: 6,
        bottom: 6,
        width: 6,
        cursor: 'col-resize',
        touchAction: 'none',
        userSelect: 'none',
        borderRight: 2,
        borderColor: resizing ? 'primary.main' : 'divider',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
      }}
    />
  );
}
