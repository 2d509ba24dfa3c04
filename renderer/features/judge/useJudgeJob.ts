// Starts a judge job and follows it to the end: live job events where the transport has them and a
// poll as a fallback. Cancel aborts the in-flight requests; labels already written are kept.
import { useCallback, useEffect, useState } from 'react';
import type { ApiInput, JobState } from '../../../shared/api';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

const POLL_MS = 1000;

export interface JudgeJob {
  job: JobState | null;
  /** Why the job could not start (a bad endpoint URL, an unknown prompt version…). */
  error: ApiError | null;
  start: (input: ApiInput<'startJudge'>) => Promise<void>;
  cancel: () => void;
  reset: () => void;
}

export function useJudgeJob(): JudgeJob {
  const client = useApiClient();
  const [job, setJob] = useState<JobState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const jobId = job?.job_id ?? null;
  const running = job?.status === 'running';

  useEffect(() => {
    if (jobId === null || !running) return undefined;
    const unsubscribe = client.onJobEvent((event) => {
      if (event.job_id === jobId) setJob(event);
    });
    const timer = window.setInterval(() => {
      void client.call('getJob', { job_id: jobId }).then((result) => {
        if (result.ok)
          setJob((current) => (current?.status === 'running' ? result.value : current));
      });
    }, POLL_MS);
    return () => {
      unsubscribe();
      window.clearInterval(timer);
    };
  }, [client, jobId, running]);

  const start = useCallback(
    async (input: ApiInput<'startJudge'>) => {
      setError(null);
      const result = await client.call('startJudge', input);
      if (result.ok) setJob(result.value);
      else setError(result.error);
    },
    [client],
  );
  const cancel = useCallback(() => {
    if (jobId !== null) void client.call('cancelJob', { job_id: jobId });
  }, [client, jobId]);
  const reset = useCallback(() => {
    setJob(null);
    setError(null);
  }, []);
  return { job, error, start, cancel, reset };
}
