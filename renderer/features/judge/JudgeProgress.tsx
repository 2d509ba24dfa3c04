// A judge run while it runs: segments done of total, labels, cache hits, failures and tokens (the
// job's progress message), then the summary or why it stopped.
import Box from '@mui/material/Box';
import type { JobState } from '../../../shared/api';
import { JudgeSummarySchema } from '../../../shared/api-judge';
import { ErrorAlert } from '../../components/ErrorAlert';
import { JobProgressBar } from '../../components/JobProgressBar';
import { JudgeSummaryView } from './JudgeSummaryView';

export function JudgeProgress({ job }: { job: JobState }) {
  const { done, total, message } = job.progress;
  if (job.status === 'running') {
    return (
      <JobProgressBar job={job} testId="judge-progress">
        {done}
        {total === null ? '' : ` of ${total}`} segments · {message}
      </JobProgressBar>
    );
  }
  if (job.status === 'succeeded') {
    const summary = JudgeSummarySchema.safeParse(job.result);
    return summary.success ? <JudgeSummaryView summary={summary.data} /> : null;
  }
  // Cancelled and failed runs carry their partial summary; labels written so far are kept.
  const partial = JudgeSummarySchema.safeParse(job.error?.details);
  return (
    <Box>
      {job.error !== null && (
        <ErrorAlert
          error={job.error}
          title={job.status === 'cancelled' ? 'Judge cancelled' : 'The judge stopped'}
        />
      )}
      {partial.success && (
        <Box sx={{ mt: 2 }}>
          <JudgeSummaryView summary={partial.data} />
        </Box>
      )}
    </Box>
  );
}
