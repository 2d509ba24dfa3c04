// The explorer's columns: header, default and least width, alignment and sort key. Label counts
// and credit columns refer to the filter's segmentation. Users resize, hide and reorder them
// (explorer-layout.ts); these are the defaults.
import type { TrajectoryListRow } from '../../../shared/api-explorer';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';

export type ExplorerColumnId = keyof TrajectoryListRow;

export interface ExplorerColumn {
  id: ExplorerColumnId;
  label: string;
  /** Longer header text (tooltip and accessible name). */
  title?: string;
  width: number;
  /** The least a resize may make it. */
  minWidth: number;
  numeric?: boolean;
  sort: TrajectorySortColumn;
}

/** The id column opens the trajectory: always shown, always first, and sticky while scrolling. */
export const PINNED_COLUMN: ExplorerColumnId = 'trajectory_id';

const TEXT_MIN = 60;
const NUMBER_MIN = 40;

// Outcome, turns, label counts and credit come first and fit at 1440 px beside the facets (about
// 950 px of grid): each numeric width is its bold label plus the cell padding and the sort arrow,
// so an active header is not clipped. Actions and the text columns follow and scroll into view.
export const EXPLORER_COLUMNS: readonly ExplorerColumn[] = [
  { id: 'trajectory_id', label: 'trajectory_id', width: 140, minWidth: 80, sort: 'trajectory_id' },
  { id: 'dataset_id', label: 'dataset', width: 96, minWidth: TEXT_MIN, sort: 'dataset_id' },
  {
    id: 'reward',
    label: 'reward',
    width: 76,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'reward',
  },
  { id: 'success', label: 'success', width: 92, minWidth: TEXT_MIN, sort: 'success' },
  {
    id: 'n_turns',
    label: 'turns',
    width: 66,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'n_turns',
  },
  ...(
    [
      ['decisive_progress', 'DP', 'decisive progress'],
      ['useful_exploration', 'UE', 'useful exploration'],
      ['no_progress_infrastructure', 'NI', 'no-progress infrastructure'],
      ['regression', 'RG', 'regression'],
    ] as const
  ).map(([id, label, name]) => ({
    id,
    label,
    title: `Segments labeled ${name}`,
    width: 52,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: id,
  })),
  {
    id: 'progress_score',
    label: 'progress',
    title: 'Progress score (credit)',
    width: 88,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'progress_score',
  },
  {
    id: 'outcome_advantage',
    label: 'adv',
    title: 'Outcome advantage (credit)',
    width: 56,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'outcome_advantage',
  },
  {
    id: 'failure_step',
    label: 'fail@',
    title: 'Predicted failure turn (credit)',
    width: 64,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'failure_step',
  },
  {
    id: 'n_actions',
    label: 'actions',
    title: 'Actions (tool calls)',
    width: 78,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'n_actions',
  },
  { id: 'task_id', label: 'task_id', width: 140, minWidth: TEXT_MIN, sort: 'task_id' },
  { id: 'model', label: 'model', width: 140, minWidth: TEXT_MIN, sort: 'model' },
  { id: 'group_id', label: 'group_id', width: 150, minWidth: TEXT_MIN, sort: 'group_id' },
  {
    id: 'sample_index',
    label: 'sample',
    title: 'Sample index in its group',
    width: 76,
    minWidth: NUMBER_MIN,
    numeric: true,
    sort: 'sample_index',
  },
];

/** The column of an id (a table or layout id is a plain string). */
export function explorerColumn(id: string): ExplorerColumn | undefined {
  return EXPLORER_COLUMNS.find((column) => column.id === id);
}

/** Numbers first sort high-to-low; ids and names low-to-high. */
export function defaultDescending(column: TrajectorySortColumn): boolean {
  return !['trajectory_id', 'dataset_id', 'task_id', 'group_id', 'model', 'sample_index'].includes(
    column,
  );
}
