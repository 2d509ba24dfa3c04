// Long jobs (import, credit, labeling, judge, scoring, export, review, evaluation, text search):
// the snapshot pushed as progress events and returned by getJob, whose result is its kind's.
import * as z from 'zod';
import { CreditJobSchema } from './api-credit';
import { EvaluateJobSchema } from './api-judge-eval';
import { ExportJobSchema } from './api-export';
import { ImportJobSchema } from './api-import';
import { JudgeJobSchema } from './api-judge';
import { LabelJobSchema } from './api-labels';
import { ReviewJobSchema } from './api-review';
import { ScoreJobSchema } from './api-scoring';
import { SearchJobSchema } from './api-search';
import type { JobKind } from './job-kinds';

export { JOB_KINDS, JOB_STATUSES, type JobKind } from './job-kinds';

/**
 * A snapshot of a long job, whose result is its kind's (each made by its feature's API part with
 * jobStateOf, shared/job-kinds.ts); the same shape is pushed as a progress event and returned by
 * getJob.
 */
export const JobStateSchema = z.discriminatedUnion('kind', [
  ImportJobSchema,
  CreditJobSchema,
  LabelJobSchema,
  JudgeJobSchema,
  ScoreJobSchema,
  ExportJobSchema,
  ReviewJobSchema,
  EvaluateJobSchema,
  SearchJobSchema,
]);
export type JobState = z.infer<typeof JobStateSchema>;

/** Fails the typecheck while a kind of JOB_KINDS has no schema in the union. */
const EVERY_KIND_HAS_A_SCHEMA: [Exclude<JobKind, JobState['kind']>] extends [never] ? true : never =
  true;
void EVERY_KIND_HAS_A_SCHEMA;

/** The snapshot of a job of one kind. */
export type JobStateOf<K extends JobKind> = Extract<JobState, { kind: K }>;

/** What a job of one kind gives when it succeeds, e.g. an ImportSummary for an import. */
export type JobResult<K extends JobKind> = NonNullable<JobStateOf<K>['result']>;
