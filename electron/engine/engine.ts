// Opens a workspace and wires the engine: service handlers, dispatch and the job runner.
import { refreshAttachments } from './attach/refresh-attachments';
import { createDispatch } from './dispatch';
import type { Engine } from './engine-types';
import { JobRunner } from './jobs';
import { createService } from './service';
import { Workspace } from './store/workspace';

export interface EngineOptions {
  dbPath: string;
  readOnly?: boolean;
}

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const workspace = await Workspace.open(options.dbPath, { readOnly: options.readOnly ?? false });
  if (!workspace.readOnly) await refreshAttachments(workspace);
  const jobs = new JobRunner();
  const dispatch = createDispatch(createService(workspace, jobs));
  return {
    workspacePath: workspace.path,
    dispatch,
    onJobEvent: (listener) => jobs.onEvent(listener),
    waitForJob: (jobId) => jobs.wait(jobId),
    async close() {
      await jobs.shutdown();
      workspace.close();
    },
  };
}
