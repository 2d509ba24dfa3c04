// What the Electron main process, the HTTP server and the CLI get from the engine.
import type { JobState } from '../../shared/api';
import type { Dispatch, DispatchByName } from './dispatch';

export interface Engine {
  /** Absolute path of the open workspace file. */
  readonly workspacePath: string;
  readonly dispatch: Dispatch;
  /** The same dispatch, for a transport holding a method name from its wire (IPC, HTTP). */
  readonly dispatchByName: DispatchByName;
  /** Subscribes to job snapshots (progress, completion); returns the unsubscribe function. */
  onJobEvent(listener: (job: JobState) => void): () => void;
  /** Resolves with the job's final snapshot when it has ended (for the CLI and tests). */
  waitForJob(jobId: string): Promise<JobState>;
  close(): Promise<void>;
}
