// Where a click on a chart leads: the explorer with the page's filter narrowed to the clicked
// bar, bin or cell. Ranges intersect with the filter's own, so a click never widens the set.
import type { ChartOutcome } from '../../../shared/api-charts';
import { ROLE_LABELS } from '../../../shared/model';
import type { Range, RangeColumn, TrajectoryFilter } from '../../../shared/trajectory-filter';
import { explorerHref } from '../../routing/routes';

export function withValue(
  filter: TrajectoryFilter,
  field: 'task_ids' | 'models',
  value: string | null,
): TrajectoryFilter {
  return { ...filter, [field]: [value] };
}

export function withOutcome(filter: TrajectoryFilter, outcome: ChartOutcome): TrajectoryFilter {
  return { ...filter, outcome };
}

export function withRange(
  filter: TrajectoryFilter,
  column: RangeColumn,
  range: Range,
): TrajectoryFilter {
  const own = filter.ranges?.[column] ?? {};
  const pick = (
    a: number | undefined,
    b: number | undefined,
    f: (x: number, y: number) => number,
  ) => (a === undefined ? b : b === undefined ? a : f(a, b));
  const merged: Range = {};
  const min = pick(own.min, range.min, Math.max);
  const max = pick(own.max, range.max, Math.min);
  if (min !== undefined) merged.min = min;
  if (max !== undefined) merged.max = max;
  return { ...filter, ranges: { ...filter.ranges, [column]: merged } };
}

export { explorerHref };

const RANGE_NAMES: Record<string, string> = {
  reward: 'reward',
  n_turns: 'turns',
  n_actions: 'actions',
  progress_score: 'progress score',
  outcome_advantage: 'outcome advantage',
  failure_step: 'failure turn',
  ...Object.fromEntries(ROLE_LABELS.map((role) => [role, `${role} labels`])),
};

function listText(values: readonly (string | null)[]): string {
  const shown = values.slice(0, 3).map((v) => v ?? '(none)');
  return values.length > 3 ? `${shown.join(', ')} +${values.length - 3}` : shown.join(', ');
}

function rangeText(range: Range): string {
  if (range.min !== undefined && range.max !== undefined) {
    return range.min === range.max ? `= ${range.min}` : `${range.min} to ${range.max}`;
  }
  return range.min !== undefined ? `≥ ${range.min}` : `≤ ${String(range.max)}`;
}

/** The filter as short readable parts ("outcome: failure", "turns 3 to 9"); none when empty. */
export function describeFilter(filter: TrajectoryFilter): string[] {
  const parts: string[] = [];
  if (filter.dataset_id !== undefined) parts.push(`dataset: ${filter.dataset_id}`);
  if (filter.dataset_ids !== undefined) parts.push(`datasets: ${listText(filter.dataset_ids)}`);
  if (filter.group_id !== undefined) parts.push(`group: ${filter.group_id}`);
  if (filter.task_ids !== undefined) parts.push(`tasks: ${listText(filter.task_ids)}`);
  if (filter.models !== undefined) parts.push(`models: ${listText(filter.models)}`);
  if (filter.outcome !== undefined && filter.outcome !== 'any') {
    parts.push(`outcome: ${filter.outcome}`);
  }
  for (const [column, range] of Object.entries(filter.ranges ?? {})) {
    if (range === undefined || (range.min === undefined && range.max === undefined)) continue;
    parts.push(`${RANGE_NAMES[column] ?? column} ${rangeText(range)}`);
  }
  if (filter.search !== undefined && filter.search !== '')
    parts.push(`id matches "${filter.search}"`);
  if (filter.text !== undefined && filter.text !== '') parts.push(`text contains "${filter.text}"`);
  if (filter.trajectory_ids !== undefined) {
    parts.push(`${filter.trajectory_ids.length} chosen trajectories`);
  }
  if (filter.segmentation !== undefined && filter.segmentation !== 'action') {
    parts.push(`segmentation: ${filter.segmentation}`);
  }
  return parts;
}
