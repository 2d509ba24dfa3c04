// The thresholds of the queue rules, asked before filling the queue (docs/review.md): the progress
// drop a failure step in a success must exceed, and the judge confidence below which a judge label
// is queued. Each field is checked as typed, by the API's own schema.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiInput } from '../../../shared/api';
import { DEFAULT_PROGRESS_DROP } from '../../../shared/api-review';
import { parseFillQueue, type FillQueueDraft } from './fill-queue-input';

type Props = {
  onRun: (input: ApiInput<'startReviewQueue'>) => void;
  onClose: () => void;
};

const DEFAULTS: FillQueueDraft = {
  minProgressDrop: String(DEFAULT_PROGRESS_DROP),
  minConfidence: '0.6',
};

export function FillQueueDialog({ onRun, onClose }: Props) {
  const [draft, setDraft] = useState(DEFAULTS);
  const parsed = parseFillQueue(draft);
  const errors = parsed.ok ? {} : parsed.errors;
  const run = () => {
    if (parsed.ok) onRun(parsed.input);
  };
  const field = (
    name: keyof FillQueueDraft,
    label: string,
    help: string,
    testId: string,
    autoFocus = false,
  ) => (
    <TextField
      autoFocus={autoFocus}
      fullWidth
      margin="dense"
      label={label}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') run();
      }}
      error={errors[name] !== undefined}
      helperText={errors[name] ?? help}
      slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'decimal' } }}
    />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="fill-queue-dialog">
      <DialogTitle>Fill the review queue</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          Applies the queue rules to every dataset. Items already queued keep their decisions; a
          re-run adds only what is new.
        </Typography>
        {field(
          'minProgressDrop',
          'Failure step: minimum progress drop',
          'Queue a failure step in a success only where progress drops by more than this',
          'fill-queue-min-drop',
          true,
        )}
        {field(
          'minConfidence',
          'Low judge confidence: below',
          'Queue judge labels with a confidence under this (0 to 1)',
          'fill-queue-min-confidence',
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={run}
          disabled={!parsed.ok}
          data-testid="fill-queue-run"
        >
          Fill queue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
