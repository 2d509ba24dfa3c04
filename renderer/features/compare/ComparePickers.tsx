// Run A, run B and the task scope of the comparison. Choosing for A the run that is B swaps them.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { TASK_SCOPES, type TaskScope } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { OptionSelect } from '../../components/OptionSelect';
import { runLabel } from './run-label';

export const SCOPE_LABELS: Record<TaskScope, string> = {
  all: 'all shared tasks',
  trained: 'tasks B was trained on',
  held_out: 'held-out tasks',
};

type Props = {
  runs: readonly RunInfo[];
  a: string;
  b: string;
  scope: TaskScope;
  scopeEnabled: boolean;
  onPair: (a: string, b: string) => void;
  onScope: (scope: TaskScope) => void;
};

export function ComparePickers({ runs, a, b, scope, scopeEnabled, onPair, onScope }: Props) {
  const options = runs.map((run) => ({
    value: run.dataset_id,
    label: runLabel(run),
    data: { 'data-run': run.dataset_id },
  }));
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <OptionSelect
        label="Run A (before)"
        value={a}
        options={options}
        onChange={(next) => onPair(next, next === b ? a : b)}
        testId="compare-run-a"
        sx={{ minWidth: 260 }}
      />
      <Tooltip title="Swap A and B">
        <IconButton aria-label="Swap A and B" onClick={() => onPair(b, a)}>
          <SwapHoriz />
        </IconButton>
      </Tooltip>
      <OptionSelect
        label="Run B (after)"
        value={b}
        options={options}
        onChange={(next) => onPair(next === a ? b : a, next)}
        testId="compare-run-b"
        sx={{ minWidth: 260 }}
      />
      <Tooltip
        title={
          scopeEnabled
            ? 'Tasks in the export B was trained from, or the others'
            : 'Run B has no "Trained from" export (set it on its dataset page)'
        }
      >
        <TextField
          select
          size="small"
          label="Tasks"
          value={scope}
          disabled={!scopeEnabled}
          onChange={(event) => onScope(event.target.value as TaskScope)}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'compare-scope' } }}
        >
          {TASK_SCOPES.map((value) => (
            <MenuItem key={value} value={value}>
              {SCOPE_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Tooltip>
    </Box>
  );
}
