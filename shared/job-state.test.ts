// The job snapshot's schema (job-state.ts) and reading its result by kind (job-result.ts).
import { describe, expect, it } from 'vitest';
import { jobResult } from './job-result';
import { JobStateSchema, type JobState } from './job-state';
import { TurnwiseError } from './result';

const SEARCH = {
  text: 'oops',
  status: 'complete',
  turns_scanned: 10,
  turns_total: 10,
  trajectories: 3,
} as const;

const DONE: JobState = {
  job_id: 'job-1',
  kind: 'search',
  status: 'succeeded',
  progress: { done: 10, total: 10, unit: 'turns', message: 'done' },
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
  result: SEARCH,
  error: null,
};

describe('JobStateSchema', () => {
  it("checks a job's result against its kind's schema", () => {
    expect(JobStateSchema.parse(DONE)).toEqual(DONE);
    const wrong = { ...DONE, kind: 'import' };
    expect(JobStateSchema.safeParse(wrong).success).toBe(false);
    expect(JobStateSchema.safeParse({ ...DONE, kind: 'nope' }).success).toBe(false);
  });

  it('allows no result while a job runs', () => {
    expect(JobStateSchema.safeParse({ ...DONE, status: 'running', result: null }).success).toBe(
      true,
    );
  });
});

describe('jobResult', () => {
  it('gives the result of a job of the kind asked for', () => {
    expect(jobResult(DONE, 'search')).toEqual(SEARCH);
  });

  it('throws for a job of another kind', () => {
    expect(() => jobResult(DONE, 'import')).toThrow(TurnwiseError);
    expect(() => jobResult(DONE, 'import')).toThrow('job job-1 is a search job, not import');
  });

  it('throws for a job without a result', () => {
    const failed: JobState = { ...DONE, status: 'failed', result: null };
    expect(() => jobResult(failed, 'search')).toThrow('search job job-1 has no result (failed)');
  });
});
