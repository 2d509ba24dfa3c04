// The explorer's columns: header, width, alignment and sort key. Label counts and credit columns
// refer to the filter's segmentation.
import type { TrajectoryListRow } from '../../../shared/api-explorer';
import type { TrajectorySortColumn } from '../../../shared/trajectory-filter';

export interface ExplorerColumn {
  id: keyof TrajectoryListRow;
  label: string;
  /** Longer header text (tooltip and accessible name). */
  title?: string;
  width: number;
  numeric?: boolean;
  sort: TrajectorySortColumn;
}

// Outcome, turns, label counts and credit come first so that most are in view at 1440 px beside
// the facets (about 960 px of grid); the other text columns follow and scroll into view. The id
// is narrower than before: it shows without its dataset prefix (trajectory-id.ts).
export const EXPLORER_COLUMNS: readonly ExplorerColumn[] = [
  { id: 'trajectory_id', label: 'trajectory_id', width: 140, sort: 'trajectory_id' },
  { id: 'dataset_id', label: 'dataset', width: 90, sort: 'dataset_id' },
  { id: 'reward', label: 'reward', width: 84, numeric: true, sort: 'reward' },
  { id: 'success', label: 'success', width: 100, sort: 'success' },
  { id: 'n_turns', label: 'turns', width: 76, numeric: true, sort: 'n_turns' },
  { id: 'n_actions', label: 'actions', width: 84, numeric: true, sort: 'n_actions' },
  {
    id: 'decisive_progress',
    label: 'DP',
    title: 'Segments labeled decisive progress',
    width: 58,
    numeric: true,
    sort: 'decisive_progress',
  },
  {
    id: 'useful_exploration',
    label: 'UE',
    title: 'Segments labeled useful exploration',
    width: 58,
    numeric: true,
    sort: 'useful_exploration',
  },
  {
    id: 'no_progress_infrastructure',
    label: 'NI',
    title: 'Segments labeled no-progress infrastructure',
    width: 58,
    numeric: true,
    sort: 'no_progress_infrastructure',
  },
  {
    id: 'regression',
    label: 'RG',
    title: 'Segments labeled regression',
    width: 58,
    numeric: true,
    sort: 'regression',
  },
  {
    id: 'progress_score',
    label: 'progress',
    title: 'Progress score (credit)',
    width: 84,
    numeric: true,
    sort: 'progress_score',
  },
  {
    id: 'outcome_advantage',
    label: 'adv',
    title: 'Outcome advantage (credit)',
    width: 72,
    numeric: true,
    sort: 'outcome_advantage',
  },
  {
    id: 'failure_step',
    label: 'fail@',
    title: 'Predicted failure step (credit)',
    width: 64,
    numeric: true,
    sort: 'failure_step',
  },
  { id: 'task_id', label: 'task_id', width: 140, sort: 'task_id' },
  { id: 'model', label: 'model', width: 140, sort: 'model' },
  { id: 'group_id', label: 'group_id', width: 150, sort: 'group_id' },
  { id: 'sample_index', label: 'sample', width: 82, numeric: true, sort: 'sample_index' },
];

export const EXPLORER_WIDTH = EXPLORER_COLUMNS.reduce((sum, c) => sum + c.width, 0);

/** Numbers first sort high-to-low; ids and names low-to-high. */
export function defaultDescending(column: TrajectorySortColumn): boolean {
  return !['trajectory_id', 'dataset_id', 'task_id', 'group_id', 'model', 'sample_index'].includes(
    column,
  );
}
