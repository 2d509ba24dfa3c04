// Following and stopping long jobs (import, judge, scoring, export, ...): each kind's snapshot
// schema is in its feature's part; shared/job-state.ts joins them.
import * as z from 'zod';
import { Empty, Id, method } from './api-method';
import { JobStateSchema } from './job-state';

export const JOBS_API = {
  getJob: () => method(z.object({ job_id: Id }).strict(), JobStateSchema),
  listJobs: () => method(Empty, z.object({ jobs: z.array(JobStateSchema) })),
  cancelJob: () => method(z.object({ job_id: Id }).strict(), JobStateSchema),
} as const;
