// A running or finished import: bytes, rate and ETA while it runs; the result or the error after.
import type { JobState } from '../../../shared/api';
import { jobResult } from '../../../shared/job-result';
import { ErrorAlert } from '../../components/ErrorAlert';
import { JobProgressBar } from '../../components/JobProgressBar';
import { dialogError } from './import-error';
import { ImportResult } from './ImportResult';

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

type Props = { job: JobState; attached?: boolean; onOpenDataset?: () => void };

export function ImportProgress({ job, attached = false, onOpenDataset = () => {} }: Props) {
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
    return (
      <ImportResult
        summary={jobResult(job, 'import')}
        attached={attached}
        onOpenDataset={onOpenDataset}
      />
    );
  }
  if (job.error === null) return null;
  return (
    <ErrorAlert
      error={dialogError(job.error)}
      title={
        job.status === 'cancelled'
          ? 'Import cancelled; nothing was written'
          : 'Import failed; nothing was written'
      }
    />
  );
}
