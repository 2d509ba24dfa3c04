// A running or finished scoring job: trajectories done and tokens scored while it runs; the
// summary (with any failed trajectories) or the error after.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { JobState } from '../../../shared/api';
import type { ScoringSummary } from '../../../shared/api-scoring';
import { SERVER_LABELS } from '../../../shared/server-profiles';
import { jobResult } from '../../../shared/job-result';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { JobProgressBar } from '../../components/JobProgressBar';

/** " on SGLang", or " on vLLM and SGLang" when the sides differ. */
function servedBy(summary: ScoringSummary): string {
  const kinds = [...new Set([summary.policy_server, summary.ref_server])].filter((k) => k !== null);
  return kinds.length === 0 ? '' : ` on ${kinds.map((k) => SERVER_LABELS[k]).join(' and ')}`;
}

function skippedNotes(summary: ScoringSummary): string[] {
  return [
    summary.turns_already_scored > 0 ? `${summary.turns_already_scored} turns already scored` : '',
    summary.turns_in_files > 0
      ? `${summary.turns_in_files} turns whose lists live in attached files`
      : '',
    summary.turns_beyond_context > 0
      ? `${summary.turns_beyond_context} turns past the model's context length`
      : '',
  ].filter((note) => note !== '');
}

export function ScoreProgress({ job }: { job: JobState }) {
  const { done, total, message } = job.progress;
  if (job.status === 'running') {
    return (
      <JobProgressBar job={job} testId="score-progress">
        {total !== null ? `${done} of ${total} trajectories · ` : ''}
        {message}
      </JobProgressBar>
    );
  }
  if (job.status === 'succeeded') {
    const summary = jobResult(job, 'score');
    const notes = skippedNotes(summary);
    return (
      <Box data-testid="score-done">
        <Alert severity={summary.failed_trajectories > 0 ? 'warning' : 'success'}>
          Scored {summary.turns_scored} turns ({formatCount(summary.tokens)} tokens) in{' '}
          {summary.scored_trajectories} of {summary.trajectories} trajectories in{' '}
          {summary.seconds.toFixed(1)} s{servedBy(summary)}.
          {notes.length > 0 && ` Skipped: ${notes.join('; ')}.`}
          {summary.per_turn_trajectories > 0 &&
            ` ${summary.per_turn_trajectories} trajectories were scored turn by turn (the chat template is not prefix-preserving).`}
        </Alert>
        {summary.failures.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {summary.failed_trajectories} trajectories failed:
            <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflow: 'auto' }}>
              {summary.failures.map((failure) => (
                <li key={failure.trajectory_id}>
                  <code>{failure.trajectory_id}</code> ({failure.code}): {failure.reason}
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
      title={job.status === 'cancelled' ? 'Scoring cancelled' : 'Scoring failed'}
    />
  );
}
