// The explorer grid's column model on TanStack Table (docs/ARCHITECTURE.md, "The explorer grid"):
// definitions, widths with a drag-to-resize gesture, visibility and order, controlled by the
// workspace's saved layout. Rows never pass through the table: they are paged from the engine
// and virtualized by useFixedRows, so the table's data stays empty and a million rows cost the
// same as ten.
import {
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  functionalUpdate,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, type CSSProperties } from 'react';
import { EXPLORER_COLUMN_WIDTH, type TrajectoryListRow } from '../../../shared/api-explorer';
import {
  EXPLORER_COLUMNS,
  explorerColumn,
  PINNED_COLUMN,
  type ExplorerColumn,
} from './explorer-columns';
import type { ColumnLayoutState } from './explorer-layout';
import type { ExplorerLayoutControl } from './useExplorerLayout';

const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
});

const COLUMN_DEFS: ColumnDef<typeof features, TrajectoryListRow>[] = EXPLORER_COLUMNS.map(
  (column) => ({
    id: column.id,
    header: column.label,
    size: column.width,
    minSize: column.minWidth,
    maxSize: EXPLORER_COLUMN_WIDTH.max,
    enableHiding: column.id !== PINNED_COLUMN,
  }),
);
const NO_ROWS: TrajectoryListRow[] = [];

/** The CSS variable a column's cells take their width from (one style change per resize). */
export const columnWidthVar = (id: string) => `--explorer-col-${id}`;

function slice<K extends keyof ColumnLayoutState>(
  update: ExplorerLayoutControl['update'],
  key: K,
): (updater: Updater<ColumnLayoutState[K]>) => void {
  return (updater) =>
    update((previous) => ({ ...previous, [key]: functionalUpdate(updater, previous[key]) }));
}

export function useExplorerColumns({ state, update }: ExplorerLayoutControl) {
  const handlers = useMemo(
    () => ({
      onColumnOrderChange: slice(update, 'columnOrder'),
      onColumnVisibilityChange: slice(update, 'columnVisibility'),
      onColumnSizingChange: slice(update, 'columnSizing'),
    }),
    [update],
  );
  const table = useTable({
    features,
    columns: COLUMN_DEFS,
    data: NO_ROWS,
    state: {
      columnOrder: state.columnOrder,
      columnVisibility: state.columnVisibility,
      columnSizing: state.columnSizing,
    },
    ...handlers,
    columnResizeMode: 'onChange',
  });
  // The rows re-render when the shown columns change, not on every pixel of a resize.
  const { columnOrder, columnVisibility } = state;
  const visible = useMemo(
    () =>
      columnOrder
        .filter((id) => columnVisibility[id] !== false)
        .map((id) => explorerColumn(id))
        .filter((column): column is ExplorerColumn => column !== undefined),
    [columnOrder, columnVisibility],
  );
  const leafColumns = table.getVisibleLeafColumns();
  const widths = Object.fromEntries(
    leafColumns.map((column) => [columnWidthVar(column.id), `${column.getSize()}px`]),
  ) as CSSProperties;
  return { table, visible, widths, totalWidth: table.getTotalSize() };
}

export type ExplorerColumnsTable = ReturnType<typeof useExplorerColumns>['table'];
export type ExplorerHeaderCell = Header<typeof features, TrajectoryListRow, unknown>;
