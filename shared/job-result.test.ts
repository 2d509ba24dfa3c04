import { describe, expect, it } from 'vitest';
import { isJobSnapshot, jobResult } from './job-result';
import type { JobState } from './job-state';

const snapshot: JobState = {
  job_id: 'job-1',
  kind: 'review',
  status: 'succeeded',
  progress: { done: 1, total: 1, unit: 'items', message: 'done' },
  started_at: '2026-12-07T00:00:00Z',
  finished_at: '2026-12-07T00:00:01Z',
  result: { added: 1, by_rule: {}, segmentation: 'action', dataset_id: null },
  error: null,
};

describe('isJobSnapshot', () => {
  it('knows a job snapshot by its id, kind, status and progress', () => {
    expect(isJobSnapshot(snapshot)).toBe(true);
    expect(isJobSnapshot({ ...snapshot, kind: 'nap' })).toBe(false);
    expect(isJobSnapshot({ ...snapshot, status: 'done' })).toBe(false);
    expect(isJobSnapshot({ ...snapshot, job_id: 7 })).toBe(false);
    expect(isJobSnapshot({ ...snapshot, progress: null })).toBe(false);
    expect(isJobSnapshot({ rows: [] })).toBe(false);
    expect(isJobSnapshot(null)).toBe(false);
  });
});

describe('jobResult', () => {
  it('gives the result of a job of the kind asked for, and refuses another kind', () => {
    expect(jobResult(snapshot, 'review').added).toBe(1);
    expect(() => jobResult(snapshot, 'import')).toThrow(/is a review job, not import/);
  });
});
