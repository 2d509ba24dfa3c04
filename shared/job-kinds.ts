// The kinds and statuses of long jobs, and the snapshot schema of a job of one kind. Each
// feature's API part (shared/api-<feature>.ts) makes its kind's schema here from its result
// schema; shared/job-state.ts joins them. Apart so those parts need not import the union, which
// imports them (a cycle would read their schemas before they are made).
import * as z from 'zod';
import { ApiErrorSchema } from './result';

export const JOB_KINDS = [
  'import',
  'credit',
  'label',
  'judge',
  'score',
  'export',
  'review',
  'evaluate',
  'search',
] as const;
export const JOB_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;

export type JobKind = (typeof JOB_KINDS)[number];

export const JobProgressSchema = z.object({
  done: z.number(),
  total: z.number().nullable(),
  unit: z.string(),
  message: z.string(),
});

/**
 * A snapshot of a long job of one kind; the same shape is pushed as a progress event and returned
 * by getJob. Its result is the kind's, set once the job succeeded (null while it runs and when it
 * failed or was cancelled).
 */
export function jobStateOf<K extends JobKind, R extends z.ZodType>(kind: K, result: R) {
  return z.object({
    job_id: z.string(),
    kind: z.literal(kind),
    status: z.enum(JOB_STATUSES),
    progress: JobProgressSchema,
    started_at: z.string(),
    finished_at: z.string().nullable(),
    result: result.nullable(),
    error: ApiErrorSchema.nullable(),
  });
}
