// Starts a long job (import, credit, labeling, judge, scoring) and follows it to the end: live
// job events where the transport has them, and a poll as a fallback, so progress shows either
// way. Cancel asks the engine to stop. When a job ends, every cached read is marked stale: a
// job writes (labels, credit, scores, imports), and a cancelled or failed one keeps what it wrote,
// so counts on screen must not wait for a reload.
import { useCallback, useEffect, useState } from 'react';
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../../shared/api';
import { isJobSnapshot } from '../../shared/job-result';
import type { ApiError } from '../../shared/result';
import { useApiClient } from './ApiContext';
import { useInvalidateAll } from './useInvalidate';

const POLL_MS = 1000;

/** The API methods that start a job (they answer with its first snapshot). */
export type JobMethod = {
  [M in ApiMethod]: ApiOutput<M> extends JobState ? M : never;
}[ApiMethod];

export interface Job<M extends JobMethod> {
  job: JobState | null;
  error: ApiError | null;
  start: (input: ApiInput<M>) => Promise<void>;
  cancel: () => void;
  reset: () => void;
}

export function useJob<M extends JobMethod>(method: M): Job<M> {
  const client = useApiClient();
  const [job, setJob] = useState<JobState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const jobId = job?.job_id ?? null;
  const running = job?.status === 'running';
  const endedJob = job !== null && !running ? job.job_id : null;
  const invalidateAll = useInvalidateAll();

  useEffect(() => {
    if (endedJob !== null) void invalidateAll();
  }, [endedJob, invalidateAll]);

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
    async (input: ApiInput<M>) => {
      setError(null);
      const result = await client.call(method, input);
      if (!result.ok) return setError(result.error);
      // A job method answers with the job's first snapshot (JobMethod): checked, not cast.
      if (isJobSnapshot(result.value)) setJob(result.value);
      else setError({ code: 'internal', message: `${method} did not answer with a job` });
    },
    [client, method],
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
