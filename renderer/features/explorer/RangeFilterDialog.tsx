// Min/max bounds on the numeric columns: reward, length, label counts and credit scores.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  RANGE_COLUMNS,
  type Range,
  type RangeColumn,
  type TrajectoryFilter,
} from '../../../shared/trajectory-filter';
import { parseBound, RANGE_LABELS } from '../../components/filters/range-filters';

type Draft = Record<RangeColumn, { min: string; max: string }>;

function draftOf(ranges: TrajectoryFilter['ranges']): Draft {
  return Object.fromEntries(
    RANGE_COLUMNS.map((column) => {
      const range = ranges?.[column];
      return [column, { min: String(range?.min ?? ''), max: String(range?.max ?? '') }];
    }),
  ) as Draft;
}

type Props = {
  open: boolean;
  ranges: TrajectoryFilter['ranges'];
  onClose: () => void;
  onApply: (ranges: TrajectoryFilter['ranges']) => void;
};

export function RangeFilterDialog({ open, ranges, onClose, onApply }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(ranges));
  const parsed = RANGE_COLUMNS.map((column) => ({
    column,
    min: parseBound(draft[column].min),
    max: parseBound(draft[column].max),
  }));
  const invalid = parsed.some((p) => p.min === 'invalid' || p.max === 'invalid');
  const apply = () => {
    const next: Partial<Record<RangeColumn, Range>> = {};
    for (const { column, min, max } of parsed) {
      if (min === 'invalid' || max === 'invalid') return;
      if (min !== undefined || max !== undefined) next[column] = { min, max };
    }
    onApply(Object.keys(next).length > 0 ? next : undefined);
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Filter by value</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Inclusive bounds; leave a side empty for no bound. Label counts and credit refer to the
          segments and the credit computed for this workspace.
        </Typography>
        {RANGE_COLUMNS.map((column) => (
          <Box
            key={column}
            sx={{ display: 'grid', gridTemplateColumns: '1fr 120px 120px', gap: 1, mb: 1 }}
          >
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {RANGE_LABELS[column]}
            </Typography>
            {(['min', 'max'] as const).map((side) => (
              <TextField
                key={side}
                size="small"
                placeholder={side}
                value={draft[column][side]}
                error={parseBound(draft[column][side]) === 'invalid'}
                onChange={(event) =>
                  setDraft((d) => ({
                    ...d,
                    [column]: { ...d[column], [side]: event.target.value },
                  }))
                }
                slotProps={{ htmlInput: { 'aria-label': `${RANGE_LABELS[column]} ${side}` } }}
              />
            ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft(draftOf(undefined))}>Clear all</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={invalid} onClick={apply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
