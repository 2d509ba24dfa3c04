// Long jobs (import, credit, labeling, judge, scoring, export, text search): their kinds and the snapshot
// pushed as progress events and returned by getJob.
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

/** A snapshot of a long job; the same shape is pushed as a progress event and returned by getJob. */
export const JobStateSchema = z.object({
  job_id: z.string(),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  progress: z.object({
    done: z.number(),
    total: z.number().nullable(),
    unit: z.string(),
    message: z.string(),
  }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Kind-specific outcome, e.g. an ImportSummary for an import. */
  result: z.unknown().nullable(),
  error: ApiErrorSchema.nullable(),
});
export type JobState = z.infer<typeof JobStateSchema>;
