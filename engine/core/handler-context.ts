// What every group of API handlers gets: the open workspace and the job runner.
import type { ApiHandlers } from './dispatch';
import type { JobRunner } from './jobs';
import type { Workspace } from '../store/workspace';

export interface HandlerContext {
  workspace: Workspace;
  jobs: JobRunner;
}

/** The handlers of the methods in one part of the API table (shared/api-*.ts). */
export type HandlersOf<Table> = Pick<ApiHandlers, keyof Table & keyof ApiHandlers>;
