// Opens a workspace and wires the engine: service handlers, dispatch and the job runner.
import { settleAttachmentViews } from './import/attach/attachment-views-check';
import { createDispatchByName, typedDispatch } from './core/dispatch';
import type { Engine } from './core/engine-types';
import { JobRunner } from './core/jobs';
import { log } from './logging/logger';
import { createService } from './service';
import { SCHEMA_VERSION } from './store/migrations';
import { Workspace } from './store/workspace';

export interface EngineOptions {
  dbPath: string;
  readOnly?: boolean;
}

/** An engine in this thread; tests read internal tables through its workspace, not through SQL. */
export interface LocalEngine extends Engine {
  readonly workspace: Workspace;
}

export async function openEngine(options: EngineOptions): Promise<LocalEngine> {
  const workspace = await Workspace.open(options.dbPath, { readOnly: options.readOnly ?? false });
  return engineOn(workspace);
}

/** Wires the engine onto a workspace opened already; closes it if that fails. */
export async function engineOn(workspace: Workspace): Promise<LocalEngine> {
  try {
    // Before any request reads them: the views that follow the attachments (and the files).
    await settleAttachmentViews(workspace);
  } catch (error) {
    // A workspace that cannot be opened must not stay locked.
    workspace.close();
    throw error;
  }
  log().info('workspace.open', {
    path: workspace.path,
    // Opening checked it, or migrated the file to it.
    schema_version: SCHEMA_VERSION,
    read_only: workspace.readOnly,
  });
  const jobs = new JobRunner();
  const dispatchByName = createDispatchByName(createService(workspace, jobs));
  return {
    workspace,
    workspacePath: workspace.path,
    dispatch: typedDispatch(dispatchByName),
    dispatchByName,
    onJobEvent: (listener) => jobs.onEvent(listener),
    waitForJob: (jobId) => jobs.wait(jobId),
    async close() {
      await jobs.shutdown();
      workspace.close();
      log().info('workspace.close', { path: workspace.path });
    },
  };
}
