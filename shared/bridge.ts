// The object the Electron preload exposes on `window.turnwise`: one function per API method.
import type { ApiInput, ApiMethod, ApiOutput, JobState } from './api';
import type { ApiKeyBridge } from './api-keys';
import type { Result } from './result';

export type TurnwiseBridge = {
  [M in ApiMethod]: (input: ApiInput<M>) => Promise<Result<ApiOutput<M>>>;
} & {
  /** Subscribes to job snapshots pushed by the main process; returns the unsubscribe function. */
  onJobEvent(listener: (job: JobState) => void): () => void;
  /** The file-system path of a file dropped on or picked in the window (Electron's webUtils). */
  pathForFile(file: unknown): string;
  /** API keys in the OS keychain; only the desktop app has them (browser mode reads the environment). */
  apiKeys?: ApiKeyBridge;
};
