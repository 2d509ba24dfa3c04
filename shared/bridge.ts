// The object the Electron preload exposes on `window.turnwise`: one function per API method.
import type { ApiInput, ApiMethod, ApiOutput } from './api';
import type { ApiKeyBridge } from './api-keys';
import type { Result } from './result';

export type TurnwiseBridge = {
  [M in ApiMethod]: (input: ApiInput<M>) => Promise<Result<ApiOutput<M>>>;
} & {
  /**
   * Subscribes to the job snapshots the main process pushes, as they came over IPC: the page
   * parses them (ipc-transport.ts). Returns the unsubscribe function.
   */
  onJobEvent(listener: (job: unknown) => void): () => void;
  /** The file-system path of a file dropped on or picked in the window (Electron's webUtils). */
  pathForFile(file: unknown): string;
  /** API keys in the OS keychain; only the desktop app has them (browser mode reads the environment). */
  apiKeys?: ApiKeyBridge;
};
