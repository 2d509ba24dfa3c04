// The parts of the explorer filter in force, each removable on its own.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { RangeColumn, TrajectoryFilter } from '../../../shared/trajectory-filter';
import { formatCount } from '../format';
import { RANGE_LABELS, rangeText } from './range-filters';

type Part = { key: string; label: string; without: TrajectoryFilter };

function listText(values: readonly (string | null)[]): string {
  const names = values.map((v) => v ?? '(none)');
  return names.length <= 2
    ? names.join(', ')
    : `${names.slice(0, 2).join(', ')} +${names.length - 2}`;
}

export function filterParts(filter: TrajectoryFilter): Part[] {
  const parts: Part[] = [];
  const add = (key: string, label: string, without: TrajectoryFilter) =>
    parts.push({ key, label, without });
  if (filter.dataset_id !== undefined) {
    add('dataset', `dataset: ${filter.dataset_id}`, { ...filter, dataset_id: undefined });
  }
  if (filter.group_id !== undefined) {
    add('group', `group: ${filter.group_id}`, { ...filter, group_id: undefined });
  }
  if (filter.trajectory_ids !== undefined) {
    add('ids', `${formatCount(filter.trajectory_ids.length)} chosen ids`, {
      ...filter,
      trajectory_ids: undefined,
    });
  }
  if (filter.dataset_ids !== undefined) {
    add('datasets', `dataset: ${listText(filter.dataset_ids)}`, {
      ...filter,
      dataset_ids: undefined,
    });
  }
  if (filter.task_ids !== undefined) {
    add('tasks', `task: ${listText(filter.task_ids)}`, { ...filter, task_ids: undefined });
  }
  if (filter.models !== undefined) {
    add('models', `model: ${listText(filter.models)}`, { ...filter, models: undefined });
  }
  if (filter.outcome !== undefined && filter.outcome !== 'any') {
    add('outcome', `outcome: ${filter.outcome}`, { ...filter, outcome: undefined });
  }
  for (const [column, range] of Object.entries(filter.ranges ?? {})) {
    if (range === undefined) continue;
    const rest = Object.fromEntries(
      Object.entries(filter.ranges ?? {}).filter(([other]) => other !== column),
    );
    add(`range-${column}`, `${RANGE_LABELS[column as RangeColumn]} ${rangeText(range)}`, {
      ...filter,
      ranges: Object.keys(rest).length > 0 ? rest : undefined,
    });
  }
  if (filter.search !== undefined && filter.search !== '') {
    add('search', `id contains “${filter.search}”`, { ...filter, search: undefined });
  }
  if (filter.turn_error !== undefined) {
    const what = filter.turn_error === 'any' ? 'a turn error' : `a ${filter.turn_error} error`;
    add('turn_error', `has ${what}`, { ...filter, turn_error: undefined });
  }
  if (filter.text !== undefined && filter.text !== '') {
    add('text', `turns contain “${filter.text}”`, { ...filter, text: undefined });
  }
  if (filter.segmentation !== undefined && filter.segmentation !== 'action') {
    add('segmentation', `segmentation: ${filter.segmentation}`, {
      ...filter,
      segmentation: undefined,
    });
  }
  return parts;
}

type Props = { filter: TrajectoryFilter; onChange: (filter: TrajectoryFilter) => void };

export function ActiveFilterChips({ filter, onChange }: Props) {
  const parts = filterParts(filter);
  if (parts.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, px: 1.5, pb: 1.5 }}
      data-testid="active-filters"
    >
      {parts.map((part) => (
        <Chip
          key={part.key}
          size="small"
          label={part.label}
          onDelete={() => onChange(part.without)}
        />
      ))}
      {parts.length > 1 && (
        <Chip size="small" variant="outlined" label="Clear all" onClick={() => onChange({})} />
      )}
    </Box>
  );
}
