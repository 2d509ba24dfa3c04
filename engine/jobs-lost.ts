// The jobs an engine process was running when it ended (engine-supervisor.ts): the next process
// does not know them, so their last state, marked failed with the reason, is kept here and
// answered to getJob, cancelJob, listJobs and waitForJob.
import { JOBS_API } from '../shared/api-jobs';
import type { JobState } from '../shared/api';
import type { TurnwiseError } from '../shared/result';

/** Lost jobs kept to be asked about; the oldest go first. */
const MAX_LOST = 200;

export class JobsLost {
  private readonly running = new Map<string, JobState>();
  private readonly lost = new Map<string, JobState>();

  /** Notes a job's latest state as the engine reports it. */
  seen(job: JobState): void {
    if (job.status === 'running') this.running.set(job.job_id, job);
    else this.running.delete(job.job_id);
  }

  /** Marks every running job failed for `reason`; returns their final states. */
  loseRunning(reason: TurnwiseError): JobState[] {
    const finishedAt = new Date().toISOString();
    const ended = [...this.running.values()].map((job): JobState => ({
      ...job,
      status: 'failed',
      finished_at: finishedAt,
      error: { code: reason.code, message: `${reason.message}; this job ended with it` },
    }));
    this.running.clear();
    for (const job of ended) {
      this.lost.set(job.job_id, job);
      const oldest = this.lost.keys().next();
      if (this.lost.size > MAX_LOST && oldest.done !== true) this.lost.delete(oldest.value);
    }
    return ended;
  }

  get(jobId: string): JobState | null {
    return this.lost.get(jobId) ?? null;
  }

  /** The answer to getJob or cancelJob of a lost job; null for anything else. */
  answer(method: string, input: unknown): JobState | null {
    if (method !== 'getJob' && method !== 'cancelJob') return null;
    // Both take {job_id}; an input that does not is answered by the engine, as a bad request.
    const request = JOBS_API.getJob().input.safeParse(input);
    return request.success ? this.get(request.data.job_id) : null;
  }

  /** listJobs' answer with the lost jobs added. */
  withLost(value: unknown): unknown {
    const { jobs } = JOBS_API.listJobs().output.parse(value);
    const known = new Set(jobs.map((job) => job.job_id));
    return { jobs: [...jobs, ...[...this.lost.values()].filter((job) => !known.has(job.job_id))] };
  }
}
