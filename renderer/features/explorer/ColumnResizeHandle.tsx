// The right edge of an explorer header: drag to resize the column (TanStack Table's resize
// gesture, bounded by the column's least width), double-click for its default width, or focus it
// and use the arrow keys.
import { styled } from '@mui/material/styles';
import type { ExplorerColumnsTable, ExplorerHeaderCell } from './useExplorerColumns';

const KEY_STEP = 8;

/** Styled once for every column (not an `sx` per handle; see ExplorerHeader). */
const Handle = styled('div')(({ theme }) => ({
  position: 'absolute',
  right: 0,
  top: 6,
  bottom: 6,
  width: 6,
  cursor: 'col-resize',
  touchAction: 'none',
  userSelect: 'none',
  borderRight: `2px solid ${theme.palette.divider}`,
  '&[data-resizing], &:hover, &:focus-visible': {
    borderColor: theme.palette.primary.main,
    outline: 'none',
  },
}));

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
    <Handle
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={size}
      tabIndex={0}
      data-testid="column-resize"
      data-resizing={resizing ? '' : undefined}
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
    />
  );
}
