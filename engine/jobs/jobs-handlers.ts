// Handlers of following and stopping jobs (shared/api-jobs.ts).
import type { JOBS_API } from '../../shared/api-jobs';
import type { HandlerContext, HandlersOf } from '../core/handler-context';

export function jobsHandlers({ jobs }: HandlerContext): HandlersOf<typeof JOBS_API> {
  return {
    getJob: async (request) => jobs.get(request.job_id),
    listJobs: async () => ({ jobs: jobs.list() }),
    cancelJob: async (request) => jobs.cancel(request.job_id),
  };
}
