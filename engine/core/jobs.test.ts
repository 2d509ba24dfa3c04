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
  it('runs a text search beside a long job, and workspace jobs one after another', async () => {
    const jobs = new JobRunner();
    const started: string[] = [];
    let release = () => {};
    const judgeMayEnd = new Promise<void>((resolve) => (release = resolve));
    // Works that end by failing: the lanes are what is tested, not the results.
    const judge = jobs.start('judge', async () => {
      started.push('judge');
      await judgeMayEnd;
      throw new Error('judge ended');
    });
    const importJob = jobs.start('import', async () => {
      started.push('import');
      throw new Error('import ended');
    });
    const search = jobs.start('search', async () => {
      started.push('search');
      throw new Error('search ended');
    });
    await jobs.wait(search.job_id);
    expect(started).toEqual(['judge', 'search']);
    expect(jobs.get(judge.job_id).status).toBe('running');
    expect(jobs.get(importJob.job_id).status).toBe('running');
    release();
    await jobs.wait(importJob.job_id);
    expect(started).toEqual(['judge', 'search', 'import']);
  });

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
