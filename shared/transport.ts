// The transport interface the renderer's API client talks to; IPC and HTTP both implement it.
import type { ApiInput, ApiMethod, ApiOutput, JobState } from './api';
import type { Result } from './result';

export interface Transport {
  invoke<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<Result<ApiOutput<M>>>;
  /** Subscribes to job snapshots; returns the unsubscribe function. */
  onJobEvent(listener: (job: JobState) => void): () => void;
}
