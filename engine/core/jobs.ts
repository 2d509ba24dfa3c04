// Long jobs (import, judge, score, export, ...): progress snapshots, cancellation, and lanes. Jobs
// that write what others read (datasets, labels, scores, exports) share one lane and run one at a
// time, so two never race for the same dataset id; the text search, which writes only its own
// match tables and discards matches made before the datasets changed, runs in a lane of its own,
// so typing in the explorer's filter never waits behind a judge run.
import { randomUUID } from 'node:crypto';
import { isJobOf } from '../../shared/job-result';
import {
  JobStateSchema,
  type JobKind,
  type JobResult,
  type JobState,
  type JobStateOf,
} from '../../shared/job-state';
import { TurnwiseError } from '../../shared/result';
import { describeIssues } from './dispatch';
import { toFailure } from './failure';
import { elapsedMs, log } from '../logging/logger';

export type { JobKind };
export type Progress = JobState['progress'];
/** A job's work; it gives the result of its kind (shared/job-state.ts). */
export type JobWork<K extends JobKind = JobKind> = (
  report: (progress: Progress) => void,
  signal: AbortSignal,
) => Promise<JobResult<K>>;

const PROGRESS_EVENT_INTERVAL_MS = 100;

/** The lane each kind runs in; jobs of one lane run in the order they were started. */
export const JOB_LANES: Record<JobKind, 'workspace' | 'search'> = {
  import: 'workspace',
  credit: 'workspace',
  label: 'workspace',
  judge: 'workspace',
  score: 'workspace',
  export: 'workspace',
  review: 'workspace',
  evaluate: 'workspace',
  search: 'search',
};
type JobLane = (typeof JOB_LANES)[JobKind];

interface JobEntry {
  state: JobState;
  controller: AbortController;
  finished: Promise<JobState>;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobEntry>();
  private readonly listeners = new Set<(job: JobState) => void>();
  private readonly lanes = new Map<JobLane, Promise<unknown>>();

  start<K extends JobKind>(kind: K, work: JobWork<K>): JobStateOf<K> {
    const controller = new AbortController();
    // Parsed, not cast: TypeScript cannot build a snapshot of a generic kind.
    const state = JobStateSchema.parse({
      job_id: randomUUID(),
      kind,
      status: 'running',
      progress: { done: 0, total: null, unit: 'items', message: 'queued' },
      started_at: new Date().toISOString(),
      finished_at: null,
      result: null,
      error: null,
    });
    if (!isJobOf(state, kind)) throw new TurnwiseError('internal', `not a ${kind} job`);
    const entry: JobEntry = { state, controller, finished: Promise.resolve(state) };
    this.jobs.set(state.job_id, entry);
    const started = performance.now();
    log().info('job.start', { job: state.job_id, kind });
    let lastEmit = 0;
    const report = (progress: Progress) => {
      if (entry.state.status !== 'running') return;
      entry.state = { ...entry.state, progress };
      // Snapshots are kept current, but listeners hear at most ten a second.
      const now = performance.now();
      if (now - lastEmit < PROGRESS_EVENT_INTERVAL_MS) return;
      lastEmit = now;
      this.emit(entry.state);
    };
    const lane = JOB_LANES[kind];
    entry.finished = (this.lanes.get(lane) ?? Promise.resolve()).then(async () => {
      try {
        if (controller.signal.aborted) throw new TurnwiseError('cancelled', `${kind} cancelled`);
        const result = await work(report, controller.signal);
        entry.state = succeeded(entry.state, result);
      } catch (error) {
        const failure = toFailure(error);
        const status = !failure.ok && failure.error.code === 'cancelled' ? 'cancelled' : 'failed';
        entry.state = { ...entry.state, status, error: failure.ok ? null : failure.error };
      }
      entry.state = { ...entry.state, finished_at: new Date().toISOString() };
      const { status, error } = entry.state;
      log()[status === 'failed' ? 'warn' : 'info']('job.end', {
        job: state.job_id,
        kind,
        status,
        ms: elapsedMs(started),
        code: error?.code,
      });
      this.emit(entry.state);
      return entry.state;
    });
    this.lanes.set(lane, entry.finished);
    this.emit(state);
    return state;
  }

  get(jobId: string): JobState {
    return this.entry(jobId).state;
  }

  list(): JobState[] {
    return [...this.jobs.values()].map((entry) => entry.state);
  }

  cancel(jobId: string): JobState {
    const entry = this.entry(jobId);
    if (entry.state.status === 'running') {
      log().info('job.cancel', { job: jobId, kind: entry.state.kind });
    }
    entry.controller.abort();
    return entry.state;
  }

  /** Resolves when the job has ended, whatever its outcome. */
  wait(jobId: string): Promise<JobState> {
    return this.entry(jobId).finished;
  }

  onEvent(listener: (job: JobState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Cancels every running job and waits for all to end. */
  async shutdown(): Promise<void> {
    for (const entry of this.jobs.values()) entry.controller.abort();
    await Promise.all([...this.jobs.values()].map((entry) => entry.finished));
  }

  private entry(jobId: string): JobEntry {
    const entry = this.jobs.get(jobId);
    if (!entry) throw new TurnwiseError('not_found', `no job with id '${jobId}'`);
    return entry;
  }

  private emit(state: JobState): void {
    for (const listener of this.listeners) listener(state);
  }
}

/**
 * The snapshot of a job that succeeded with `result`, checked against its kind's result schema:
 * work that gives a wrong shape (a bug) fails its job as `internal` rather than reaching a screen.
 */
function succeeded(state: JobState, result: unknown): JobState {
  const checked = JobStateSchema.safeParse({ ...state, status: 'succeeded', result });
  if (!checked.success) {
    throw new TurnwiseError(
      'internal',
      `${state.kind} job gave an invalid result: ${describeIssues(checked.error)}`,
    );
  }
  return checked.data;
}
