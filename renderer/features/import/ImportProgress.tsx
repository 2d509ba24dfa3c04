// A running or finished import: bytes, rate and ETA while it runs; the summary or the error after.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { JobState } from '../../../shared/api';
import type { ImportSummary } from '../../../shared/model';
import { ErrorAlert } from '../../components/ErrorAlert';
import { JobProgressBar } from '../../components/JobProgressBar';

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function rateAndEta(job: JobState): string {
  const seconds = (Date.now() - Date.parse(job.started_at)) / 1000;
  const { done, total } = job.progress;
  if (seconds <= 0 || done <= 0) return '';
  const rate = done / seconds;
  const eta =
    total !== null && total > done ? `, about ${Math.ceil((total - done) / rate)} s left` : '';
  return ` · ${megabytes(rate)}/s${eta}`;
}

export function ImportProgress({ job, attached = false }: { job: JobState; attached?: boolean }) {
  const { done, total, message } = job.progress;
  if (job.status === 'running') {
    return (
      <JobProgressBar job={job} testId="import-progress">
        {message} · {megabytes(done)}
        {total ? ` of ${megabytes(total)}` : ''}
        {rateAndEta(job)}
      </JobProgressBar>
    );
  }
  if (job.status === 'succeeded') {
    const summary = job.result as ImportSummary;
    return (
      <Box data-testid="import-done">
        <Alert severity="success">
          {attached ? 'Attached' : 'Imported'} {summary.trajectories} trajectories ({summary.turns}{' '}
          turns, {summary.actions} actions) as dataset <b>{summary.dataset}</b> ({summary.format})
          in {summary.seconds.toFixed(1)} s.
          {summary.secrets_redacted > 0 &&
            ` ${summary.secrets_redacted} secrets were redacted; the dataset page lists them.`}
          {summary.secrets === 'kept' && ' Secrets were kept as they are; exports redact them.'}
        </Alert>
        {summary.skipped.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {summary.skipped.length} bad records were skipped:
            <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflow: 'auto' }}>
              {summary.skipped.slice(0, 200).map((bad) => (
                <li key={`${bad.file}:${bad.line}`}>
                  <code>
                    {bad.file}:{bad.line}
                  </code>
                  : {bad.reason}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </Box>
    );
  }
  if (job.error === null) return null;
  return (
    <ErrorAlert
      error={job.error}
      title={
        job.status === 'cancelled'
          ? 'Import cancelled; nothing was written'
          : 'Import failed; nothing was written'
      }
    />
  );
}
