// Where to write and the export job itself: progress while it runs, the files and the manifest
// after, or why it stopped (an export that stops writes nothing).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ApiInput } from '../../../shared/api';
import { ExportSummarySchema } from '../../../shared/api-export';
import { useJob } from '../../api/useJob';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { JobProgressBar } from '../../components/JobProgressBar';
import { secretsSentence } from './export-secrets';

type Props = { selection: ApiInput<'previewExport'> | null };

export function ExportRun({ selection }: Props) {
  const job = useJob('startExport');
  const [outDir, setOutDir] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  // A start that was refused (the folder, the condition) replaces what the last export said.
  const state = job.error === null ? job.job : null;
  const running = state?.status === 'running';
  const summary = ExportSummarySchema.safeParse(state?.result);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Output folder"
        placeholder="/path/to/exports/dpo-v1"
        value={outDir}
        onChange={(event) => setOutDir(event.target.value)}
        helperText="Written under a temporary name and renamed when complete."
        slotProps={{ htmlInput: { 'data-testid': 'export-out' } }}
      />
      <FormControlLabel
        control={<Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />}
        label="Replace a previous export in this folder"
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          disabled={selection === null || outDir.trim() === '' || running}
          data-testid="export-start"
          onClick={() => {
            if (selection === null) return;
            const { limit: _limit, ...chosen } = selection;
            void job.start({ ...chosen, out_dir: outDir.trim(), overwrite });
          }}
        >
          Export
        </Button>
        {running && <Button onClick={job.cancel}>Cancel</Button>}
      </Box>
      {job.error !== null && <ErrorAlert error={job.error} title="Could not start the export" />}
      {state !== null && running && (
        <JobProgressBar job={state} testId="export-progress">
          {formatCount(state.progress.done)}
          {state.progress.total === null ? '' : ` of ${formatCount(state.progress.total)}`} records
          · {state.progress.message}
        </JobProgressBar>
      )}
      {state !== null && state.status === 'succeeded' && summary.success && (
        <Alert severity="success" data-testid="export-done">
          Wrote {formatCount(summary.data.records)} records from{' '}
          {formatCount(summary.data.trajectories)} trajectories to {summary.data.out_dir}:{' '}
          {summary.data.files.join(', ')} and {summary.data.manifest}.
          {summary.data.left_out.length > 0 &&
            ` Turns left out of the records: ${summary.data.left_out
              .map((l) => `${formatCount(l.count)} ${l.reason}`)
              .join('; ')}.`}{' '}
          <span data-testid="export-secrets-summary">{secretsSentence(summary.data.secrets)}</span>
        </Alert>
      )}
      {state !== null && state.error !== null && (
        <ErrorAlert
          error={state.error}
          title={
            state.status === 'cancelled'
              ? 'Export cancelled; nothing was written'
              : 'Export failed; nothing was written'
          }
        />
      )}
    </Box>
  );
}
