import { describe, expect, it } from 'vitest';
import type { ReviewQueueResult } from '../../shared/api-review';
import { jobResult } from '../../shared/job-result';
import { JobRunner } from './jobs';

const RESULT: ReviewQueueResult = {
  added: 2,
  by_rule: { low_confidence: 2 },
  segmentation: 'action',
  dataset_id: null,
};

describe('JobRunner', () => {
  it('keeps the result of a job that succeeded, typed by its kind', async () => {
    const jobs = new JobRunner();
    const started = jobs.start('review', async () => RESULT);
    expect(started).toMatchObject({ kind: 'review', status: 'running', result: null });
    const final = await jobs.wait(started.job_id);
    expect(final.status).toBe('succeeded');
    expect(jobResult(final, 'review')).toEqual(RESULT);
  });

  it('fails a job whose work gives a result of the wrong shape, as internal', async () => {
    const jobs = new JobRunner();
    // A runner with a bug, past the typecheck: the runtime check is what stops it.
    const wrong: unknown = { added: 'two' };
    const started = jobs.start('review', async () => wrong as ReviewQueueResult);
    const final = await jobs.wait(started.job_id);
    expect(final.status).toBe('failed');
    expect(final.result).toBeNull();
    expect(final.error?.code).toBe('internal');
    expect(final.error?.message).toMatch(/^review job gave an invalid result: result\.added/);
  });

  it('reports a cancelled job as cancelled, without a result', async () => {
    const jobs = new JobRunner();
    const started = jobs.start('review', (_report, signal) => {
      return new Promise<ReviewQueueResult>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    });
    jobs.cancel(started.job_id);
    const final = await jobs.wait(started.job_id);
    expect(final.status).toBe('cancelled');
    expect(final.result).toBeNull();
  });
});
