// The dataset's segmentation: what a step is when its trajectories are labeled, judged and
// credited. Chosen here and remembered; the trajectory pages of the dataset follow it.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiError } from '../../../shared/result';
import { parseSegmentation } from '../../../shared/segments';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';

type Kind = 'action' | 'turn' | 'merge_identical' | 'window';

const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'action', label: 'action: each tool call (with the thoughts before it)' },
  { kind: 'turn', label: 'turn: every assistant message, tool call or not' },
  { kind: 'merge_identical', label: 'merge_identical: repeats of one action as one step' },
  { kind: 'window', label: 'window:N: N actions per step' },
];

function draftOf(name: string): { kind: Kind; size: string } {
  const parsed = parseSegmentation(name);
  if (parsed?.kind === 'window') return { kind: 'window', size: String(parsed.size) };
  return { kind: parsed?.kind ?? 'action', size: '3' };
}

export function SegmentationCard({ datasetId }: { datasetId: string }) {
  const current = useApi('getDatasetSegmentation', { dataset_id: datasetId });
  // Segment indices of labels, credit and review items refer to it: the write refreshes every
  // cached read.
  const write = useApiWrite();
  const [draft, setDraft] = useState<{ kind: Kind; size: string } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  if (current.error !== undefined) {
    return (
      <ErrorAlert
        error={current.error}
        title="Could not load the segmentation"
        onRetry={current.reload}
      />
    );
  }
  const value = current.data;
  const shown = draft ?? draftOf(value?.segmentation ?? 'action');
  const name = shown.kind === 'window' ? `window:${shown.size}` : shown.kind;
  const valid = parseSegmentation(name) !== null;

  const save = async (segmentation: string | null) => {
    setBusy(true);
    setError(null);
    const result = await write('setDatasetSegmentation', {
      dataset_id: datasetId,
      segmentation,
    });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft(null);
  };

  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="segmentation">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">Steps</Typography>
        {value !== undefined && <Chip size="small" label={value.segmentation} />}
        {value?.is_default === true && <Chip size="small" label="default" />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        How turns are grouped into the steps that are labeled, judged and credited.
        {value !== undefined &&
          ` ${formatCount(value.assistant_actions)} of ${formatCount(value.assistant_turns)} ` +
            'assistant messages are actions. ' +
            `The default is ${value.default_segmentation} (${value.default_reason}).`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Segmentation"
          value={shown.kind}
          onChange={(event) => setDraft({ ...shown, kind: event.target.value as Kind })}
          sx={{ minWidth: 360 }}
          slotProps={{ htmlInput: { 'data-testid': 'segmentation-kind' } }}
        >
          {KINDS.map(({ kind, label }) => (
            <MenuItem key={kind} value={kind}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {shown.kind === 'window' && (
          <TextField
            size="small"
            label="N"
            value={shown.size}
            onChange={(event) => setDraft({ ...shown, size: event.target.value })}
            error={!valid}
            helperText={valid ? ' ' : 'a whole number of 1 or more'}
            sx={{ width: 110 }}
            slotProps={{
              htmlInput: { 'data-testid': 'segmentation-window', inputMode: 'numeric' },
            }}
          />
        )}
      </Stack>
      {error !== null && (
        <Stack sx={{ mt: 1 }}>
          <ErrorAlert error={error} title="The segmentation was not saved" />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          size="small"
          variant="contained"
          onClick={() => void save(name)}
          disabled={busy || !valid || (name === value?.segmentation && !value.is_default)}
          data-testid="segmentation-save"
        >
          Save
        </Button>
        <Button
          size="small"
          onClick={() => void save(null)}
          disabled={busy || value?.is_default !== false}
        >
          Use default
        </Button>
      </Stack>
    </Paper>
  );
}
