// Runs a long API job from the command line: progress on stderr when it is a terminal, Ctrl-C
// cancels (the job rolls back, so nothing is half-written), the final snapshot is returned.
import type { JobState } from '../shared/api';
import type { ApiError } from '../shared/result';
import type { Engine } from '../engine/core/engine-types';
import { failureFrom, output } from './output';

function describeProgress(job: JobState, startedMs: number): string {
  const { done, total, unit, message } = job.progress;
  const seconds = (performance.now() - startedMs) / 1000;
  const share = total ? ` ${((100 * done) / total).toFixed(0)}%` : '';
  if (unit !== 'bytes') return `${message}:${share} ${done}${total ? `/${total}` : ''} ${unit}`;
  const mb = done / 1e6;
  const rate = seconds > 0 ? mb / seconds : 0;
  const eta =
    total && rate > 0 ? `, ETA ${Math.max(0, (total - done) / 1e6 / rate).toFixed(0)} s` : '';
  return `${message}:${share} ${mb.toFixed(1)} MB, ${rate.toFixed(1)} MB/s${eta}`;
}

/**
 * Waits for a started job; throws a CLI failure unless it succeeded. `explain` may add to the
 * error's message what to do about it on the command line.
 */
export async function followJob(
  engine: Engine,
  job: JobState,
  what: string,
  quiet: boolean,
  explain: (error: ApiError) => string = (error) => error.message,
): Promise<JobState> {
  const started = performance.now();
  const streams = output();
  const showProgress = streams.stderrIsTTY && !quiet;
  const unsubscribe = engine.onJobEvent((event) => {
    if (showProgress && event.job_id === job.job_id && event.status === 'running') {
      streams.stderr(`\r\x1b[K${describeProgress(event, started)}`);
    }
  });
  const cancel = () => void engine.dispatch('cancelJob', { job_id: job.job_id });
  process.once('SIGINT', cancel);
  try {
    const final = await engine.waitForJob(job.job_id);
    if (final.status !== 'succeeded' || final.error) {
      const error = final.error ?? { code: 'internal', message: `${what} ended without a result` };
      throw failureFrom(what, { ...error, message: explain(error) });
    }
    return final;
  } finally {
    process.off('SIGINT', cancel);
    unsubscribe();
    if (showProgress) streams.stderr('\r\x1b[K');
  }
}
