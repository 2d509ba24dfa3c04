// The explorer grid's column layout: the saved form (ExplorerLayout, kept in the workspace) and
// the table's state (TanStack Table's order, visibility and sizing slices), and the merge between
// them. A saved layout may come from another version: ids it names that are no longer columns are
// dropped, columns it does not name are appended at their default width, widths are kept within
// each column's bounds, and the id column stays first and shown.
import { EXPLORER_COLUMN_WIDTH, type ExplorerLayout } from '../../../shared/api-explorer';
import { EXPLORER_COLUMNS, PINNED_COLUMN, type ExplorerColumn } from './explorer-columns';

export type ColumnLayoutState = {
  columnOrder: string[];
  /** Only `false` hides a column (TanStack Table's convention). */
  columnVisibility: Record<string, boolean>;
  /** Widths that differ from the column's default. */
  columnSizing: Record<string, number>;
};

function clampWidth(column: ExplorerColumn, width: number): number {
  return Math.round(Math.min(EXPLORER_COLUMN_WIDTH.max, Math.max(column.minWidth, width)));
}

/** The id column first, the others in the given order. */
function pinFirst(order: readonly string[]): string[] {
  return [PINNED_COLUMN, ...order.filter((id) => id !== PINNED_COLUMN)];
}

export function layoutToState(
  saved: ExplorerLayout,
  columns: readonly ExplorerColumn[] = EXPLORER_COLUMNS,
): ColumnLayoutState {
  const byId = new Map<string, ExplorerColumn>(columns.map((column) => [column.id, column]));
  const order: string[] = [];
  const columnVisibility: Record<string, boolean> = {};
  const columnSizing: Record<string, number> = {};
  for (const entry of saved.columns) {
    const column = byId.get(entry.id);
    if (column === undefined || order.includes(column.id)) continue;
    order.push(column.id);
    if (entry.hidden && column.id !== PINNED_COLUMN) columnVisibility[column.id] = false;
    const width = clampWidth(column, entry.width);
    if (width !== column.width) columnSizing[column.id] = width;
  }
  for (const column of columns) if (!order.includes(column.id)) order.push(column.id);
  return { columnOrder: pinFirst(order), columnVisibility, columnSizing };
}

export function stateToLayout(
  state: ColumnLayoutState,
  columns: readonly ExplorerColumn[] = EXPLORER_COLUMNS,
): ExplorerLayout {
  const byId = new Map<string, ExplorerColumn>(columns.map((column) => [column.id, column]));
  const order = pinFirst([...state.columnOrder, ...columns.map((column) => column.id)]);
  const ids = order.filter((id, i) => byId.has(id) && order.indexOf(id) === i);
  return {
    columns: ids.map((id) => {
      const column = byId.get(id) as ExplorerColumn;
      return {
        id,
        width: clampWidth(column, state.columnSizing[id] ?? column.width),
        hidden: id !== PINNED_COLUMN && state.columnVisibility[id] === false,
      };
    }),
  };
}

export const DEFAULT_LAYOUT_STATE: ColumnLayoutState = layoutToState({ columns: [] });

/** Moves a column one place left (-1) or right (+1); the id column and the ends stay put. */
export function moveColumn(order: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = order.indexOf(id);
  const to = from + delta;
  const next = [...order];
  if (from <= 0 || id === PINNED_COLUMN || to < 0 || to >= order.length) return next;
  if (order[to] === PINNED_COLUMN) return next;
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
