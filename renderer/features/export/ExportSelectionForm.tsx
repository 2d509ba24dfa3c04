// The export's target and selection: the explorer filter (edited in the explorer), an optional SQL
// condition on the trajectories view, and a cap per task.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPORT_TARGETS, type ExportTarget } from '../../../shared/api-export';
import { isEmptyFilter, type TrajectoryFilter } from '../../../shared/trajectory-filter';
import { explorerHref } from '../../routing/routes';
import { filterParts } from '../trajectories/ActiveFilterChips';
import { TARGET_INFO } from './export-targets';

export type ExportDraft = {
  target: ExportTarget;
  where: string;
  maxPerTask: string;
};

type Props = {
  filter: TrajectoryFilter;
  draft: ExportDraft;
  onChange: (draft: ExportDraft) => void;
};

export function ExportSelectionForm({ filter, draft, onChange }: Props) {
  const cap = draft.maxPerTask.trim();
  const capInvalid = cap !== '' && !(Number.isInteger(Number(cap)) && Number(cap) >= 1);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        label="Target"
        value={draft.target}
        onChange={(event) => onChange({ ...draft, target: event.target.value as ExportTarget })}
        helperText={TARGET_INFO[draft.target].writes}
        slotProps={{ htmlInput: { 'data-testid': 'export-target' } }}
      >
        {EXPORT_TARGETS.map((target) => (
          <MenuItem key={target} value={target}>
            {target} · {TARGET_INFO[target].title}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Typography variant="subtitle2">Trajectories</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="export-filter">
          {isEmptyFilter(filter)
            ? 'Every trajectory in the workspace.'
            : filterParts(filter)
                .map((part) => part.label)
                .join(' · ')}
        </Typography>
        <Button size="small" href={explorerHref(filter)} sx={{ mt: 0.5 }}>
          Change in the explorer
        </Button>
      </Box>
      <TextField
        label="SQL condition (optional)"
        placeholder="reward >= 0.5 AND n_turns < 60"
        value={draft.where}
        onChange={(event) => onChange({ ...draft, where: event.target.value })}
        helperText="One condition on the columns of the trajectories view."
        slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'export-where' } }}
      />
      <TextField
        label="At most per task (optional)"
        value={draft.maxPerTask}
        error={capInvalid}
        onChange={(event) => onChange({ ...draft, maxPerTask: event.target.value })}
        helperText={capInvalid ? 'A whole number of at least 1.' : 'Highest reward first.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'export-max-per-task' } }}
      />
    </Box>
  );
}

/** The selection part of an export request, or null while the draft is not valid. */
export function selectionOf(filter: TrajectoryFilter, draft: ExportDraft) {
  const cap = draft.maxPerTask.trim();
  if (cap !== '' && !(Number.isInteger(Number(cap)) && Number(cap) >= 1)) return null;
  const where = draft.where.trim();
  return {
    target: draft.target,
    filter,
    ...(where === '' ? {} : { where }),
    ...(cap === '' ? {} : { max_per_task: Number(cap) }),
  };
}
