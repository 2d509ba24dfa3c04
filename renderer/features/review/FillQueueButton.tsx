// "Fill the queue": asks for the rules' thresholds, runs the queue rules over the workspace (a
// job), then reloads the list. Items already queued keep their decisions; a re-run adds only what
// is new.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { jobResult } from '../../../shared/job-result';
import { useJob } from '../../api/useJob';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FillQueueDialog } from './FillQueueDialog';

type Props = { onDone: (message: string) => void };

export function FillQueueButton({ onDone }: Props) {
  const { job, error, start } = useJob('startReviewQueue');
  const running = job?.status === 'running';
  const [asking, setAsking] = useState(false);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job === null || running || reported.current === job.job_id) return;
    reported.current = job.job_id;
    onDone(
      job.status === 'succeeded'
        ? `The queue rules added ${jobResult(job, 'review').added} new items.`
        : `Filling the queue ${job.status}: ${job.error?.message ?? 'no reason given'}`,
    );
  }, [job, onDone, running]);
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => setAsking(true)}
        disabled={running}
        startIcon={running ? <CircularProgress size={14} /> : undefined}
        data-testid="review-fill-queue"
        title="Apply the queue rules to every dataset (items already queued keep their decisions)"
      >
        Fill queue
      </Button>
      {asking && (
        <FillQueueDialog
          onClose={() => setAsking(false)}
          onRun={(input) => {
            setAsking(false);
            void start(input);
          }}
        />
      )}
      {error !== null && <ErrorAlert error={error} title="Could not start the queue rules" />}
    </>
  );
}
