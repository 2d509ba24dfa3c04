import { describe, expect, it } from 'vitest';
import { EXPLORER_COLUMNS, type ExplorerColumn } from './explorer-columns';
import {
  DEFAULT_LAYOUT_STATE,
  layoutToState,
  moveColumn,
  stateToLayout,
  type ColumnLayoutState,
} from './explorer-layout';

const ALL_IDS = EXPLORER_COLUMNS.map((column) => column.id);
const column = (id: ExplorerColumn['id'], width: number): ExplorerColumn => ({
  id,
  label: id,
  width,
  minWidth: 40,
  sort: 'reward',
});
const FEW = [column('trajectory_id', 140), column('reward', 80), column('n_turns', 60)];

describe('layoutToState', () => {
  it('is the default order, all shown at default widths, for an empty layout', () => {
    expect(DEFAULT_LAYOUT_STATE).toEqual({
      columnOrder: ALL_IDS,
      columnVisibility: {},
      columnSizing: {},
    });
  });

  it('keeps the saved order, hidden columns and widths', () => {
    const state = layoutToState(
      {
        columns: [
          { id: 'trajectory_id', width: 200, hidden: false },
          { id: 'n_turns', width: 60, hidden: true },
          { id: 'reward', width: 120, hidden: false },
        ],
      },
      FEW,
    );
    expect(state).toEqual({
      columnOrder: ['trajectory_id', 'n_turns', 'reward'],
      columnVisibility: { n_turns: false },
      columnSizing: { trajectory_id: 200, reward: 120 },
    });
  });

  it('drops unknown and repeated ids and appends columns the layout does not name', () => {
    const state = layoutToState(
      {
        columns: [
          { id: 'n_turns', width: 60, hidden: false },
          { id: 'removed_column', width: 90, hidden: true },
          { id: 'n_turns', width: 300, hidden: true },
        ],
      },
      FEW,
    );
    // The id column stays first; reward is new to this layout and comes last, shown.
    expect(state.columnOrder).toEqual(['trajectory_id', 'n_turns', 'reward']);
    expect(state.columnVisibility).toEqual({});
    expect(state.columnSizing).toEqual({});
  });

  it('never hides the id column and keeps widths within bounds', () => {
    const state = layoutToState(
      {
        columns: [
          { id: 'reward', width: 32, hidden: false },
          { id: 'trajectory_id', width: 1000, hidden: true },
        ],
      },
      [column('trajectory_id', 140), { ...column('reward', 80), minWidth: 48 }],
    );
    expect(state.columnOrder).toEqual(['trajectory_id', 'reward']);
    expect(state.columnVisibility).toEqual({});
    expect(state.columnSizing).toEqual({ reward: 48, trajectory_id: 1000 });
  });
});

describe('stateToLayout', () => {
  it('names every column once, in order, and round-trips through layoutToState', () => {
    const state: ColumnLayoutState = {
      columnOrder: ['trajectory_id', 'n_turns'],
      columnVisibility: { n_turns: false, reward: true },
      columnSizing: { reward: 99 },
    };
    const layout = stateToLayout(state, FEW);
    expect(layout).toEqual({
      columns: [
        { id: 'trajectory_id', width: 140, hidden: false },
        { id: 'n_turns', width: 60, hidden: true },
        { id: 'reward', width: 99, hidden: false },
      ],
    });
    expect(layoutToState(layout, FEW)).toEqual({
      columnOrder: ['trajectory_id', 'n_turns', 'reward'],
      columnVisibility: { n_turns: false },
      columnSizing: { reward: 99 },
    });
  });
});

describe('moveColumn', () => {
  const order = ['trajectory_id', 'a', 'b', 'c'];
  it('moves one place and keeps the id column and the ends', () => {
    expect(moveColumn(order, 'b', -1)).toEqual(['trajectory_id', 'b', 'a', 'c']);
    expect(moveColumn(order, 'b', 1)).toEqual(['trajectory_id', 'a', 'c', 'b']);
    expect(moveColumn(order, 'a', -1)).toEqual(order);
    expect(moveColumn(order, 'c', 1)).toEqual(order);
    expect(moveColumn(order, 'trajectory_id', 1)).toEqual(order);
    expect(moveColumn(order, 'missing', 1)).toEqual(order);
  });
});
