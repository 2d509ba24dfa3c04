// The dataset as a run: its model, checkpoint, step and notes, and the export it was trained
// from (a recorded export, or the path of an export directory or its manifest), so the Runs and
// Compare pages know the lineage. Only changed fields are sent; the server's refusal is shown.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiError } from '../../../shared/result';
import { useApi } from '../../api/useApi';
import { useApiWrite } from '../../api/useApiWrite';
import { AppLink } from '../../components/AppLink';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount, formatDateTime } from '../../components/format';
import { compareHref, runsHref } from '../../routing/routes';
import { currentFields, PATH_OPTION, runPatch, type RunDraft } from './run-form';
import { shortExportId } from './run-lineage';

export function RunCard({ datasetId }: { datasetId: string }) {
  const write = useApiWrite();
  const runs = useApi('listRuns', {});
  const [draft, setDraft] = useState<RunDraft>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);

  if (runs.error !== undefined) {
    return (
      <Box sx={{ mb: 2 }}>
        <ErrorAlert error={runs.error} title="Could not load the run" onRetry={runs.reload} />
      </Box>
    );
  }
  const run = runs.data?.runs.find((r) => r.dataset_id === datasetId);
  const current = currentFields(run);
  const value = { ...current, ...draft };
  const patch = runPatch(datasetId, current, draft);
  const stepInvalid = patch !== null && 'invalid' in patch && patch.field === 'step';
  // Exports made from this dataset cannot be what it was trained on (unless already recorded so).
  const exports = (runs.data?.exports ?? []).filter(
    (e) => !e.sources.includes(datasetId) || e.export_id === current.trainedFrom,
  );
  const knownTrainedFrom =
    current.trainedFrom === '' || exports.some((e) => e.export_id === current.trainedFrom);
  const edit = (field: keyof RunDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  const save = async () => {
    if (patch === null || 'invalid' in patch) return;
    setBusy(true);
    setError(null);
    const result = await write('setRun', patch.input);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft({});
  };

  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="run-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">Run</Typography>
        {run?.best === true && <Chip size="small" color="primary" label="best" />}
        {run?.verdict === 'kept' && (
          <Chip size="small" color="success" variant="outlined" label="kept" />
        )}
        {run?.verdict === 'rolled_back' && (
          <Chip size="small" color="warning" variant="outlined" label="rolled back" />
        )}
        <Box sx={{ flex: 1 }} />
        {run?.parent != null && (
          <AppLink href={compareHref([run.parent, datasetId])} variant="body2">
            Compare with parent
          </AppLink>
        )}
        <AppLink href={runsHref()} variant="body2">
          All runs
        </AppLink>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        This dataset as a run of a model or checkpoint. &quot;Trained from&quot; names the export
        its model was trained on, which links it to the run the export was made from.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 1.5,
        }}
      >
        <TextField
          size="small"
          label="Model"
          value={value.model}
          onChange={edit('model')}
          placeholder={run?.model_source === 'data' ? (run.model ?? '') : undefined}
          helperText={run?.model_source === 'data' ? `From the rollouts: ${run.model ?? ''}` : ' '}
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'run-model' } }}
        />
        <TextField
          size="small"
          label="Checkpoint"
          value={value.checkpoint}
          onChange={edit('checkpoint')}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'run-checkpoint' } }}
        />
        <TextField
          size="small"
          label="Step"
          value={value.step}
          onChange={edit('step')}
          error={stepInvalid}
          helperText="training step, a whole number"
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'run-step' } }}
        />
        <TextField
          select
          size="small"
          label="Trained from"
          value={value.trainedFrom}
          onChange={edit('trainedFrom')}
          helperText={`${formatCount(exports.length)} recorded exports`}
          slotProps={{ htmlInput: { 'data-testid': 'run-trained-from' } }}
        >
          <MenuItem value="">
            <em>none (a base run)</em>
          </MenuItem>
          {!knownTrainedFrom && (
            <MenuItem value={current.trainedFrom}>
              export {shortExportId(current.trainedFrom)}
            </MenuItem>
          )}
          {exports.map((e) => (
            <MenuItem key={e.export_id} value={e.export_id} data-export={e.export_id}>
              {`${shortExportId(e.export_id)} · ${e.target} · ${formatCount(e.tasks)} tasks · ${formatDateTime(e.recorded_at)}`}
            </MenuItem>
          ))}
          <MenuItem value={PATH_OPTION}>An export folder or manifest path…</MenuItem>
        </TextField>
      </Box>
      {value.trainedFrom === PATH_OPTION && (
        <TextField
          size="small"
          fullWidth
          label="Export directory or turnwise-manifest.json"
          value={draft.path ?? ''}
          onChange={edit('path')}
          sx={{ mt: 1.5 }}
          slotProps={{
            htmlInput: { maxLength: 4096, spellCheck: false, 'data-testid': 'run-export-path' },
          }}
        />
      )}
      <TextField
        size="small"
        fullWidth
        multiline
        minRows={1}
        maxRows={6}
        label="Notes"
        value={value.notes}
        onChange={edit('notes')}
        sx={{ mt: 1.5 }}
        slotProps={{ htmlInput: { maxLength: 20_000, 'data-testid': 'run-notes' } }}
      />
      {stepInvalid && (
        <Typography variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {patch.invalid}
        </Typography>
      )}
      {error !== null && (
        <Box sx={{ mt: 1.5 }}>
          <ErrorAlert error={error} title="The run was not saved" />
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button
          size="small"
          variant="contained"
          disabled={busy || runs.data === undefined || patch === null || 'invalid' in patch}
          onClick={() => void save()}
          data-testid="run-save"
        >
          Save
        </Button>
        <Button
          size="small"
          disabled={busy || Object.keys(draft).length === 0}
          onClick={() => {
            setDraft({});
            setError(null);
          }}
        >
          Reset
        </Button>
      </Stack>
    </Paper>
  );
}
