// Long jobs (import, later judge/score/export): progress snapshots, cancellation, one writer at a
// time so two jobs never race for the same dataset id.
import { randomUUID } from 'node:crypto';
import type { JobState } from '../../shared/api';
import { TurnwiseError } from '../../shared/result';
import { toFailure } from './failure';
import { elapsedMs, log } from './logging/logger';

export type JobKind = JobState['kind'];
export type Progress = JobState['progress'];
export type JobWork = (
  report: (progress: Progress) => void,
  signal: AbortSignal,
) => Promise<unknown>;

const PROGRESS_EVENT_INTERVAL_MS = 100;

interface JobEntry {
  state: JobState;
  controller: AbortController;
  finished: Promise<JobState>;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobEntry>();
  private readonly listeners = new Set<(job: JobState) => void>();
  private queue: Promise<unknown> = Promise.resolve();

  start(kind: JobKind, work: JobWork): JobState {
    const controller = new AbortController();
    const state: JobState = {
      job_id: randomUUID(),
      kind,
      status: 'running',
      progress: { done: 0, total: null, unit: 'items', message: 'queued' },
      started_at: new Date().toISOString(),
      finished_at: null,
      result: null,
      error: null,
    };
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
    entry.finished = this.queue.then(async () => {
      try {
        if (controller.signal.aborted) throw new TurnwiseError('cancelled', `${kind} cancelled`);
        const result = await work(report, controller.signal);
        entry.state = { ...entry.state, status: 'succeeded', result: result ?? null };
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
    this.queue = entry.finished;
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
