// The sandboxed preload: exposes `window.turnwise`, one named function per API method (generated
// from the contract into preload-api.generated.ts). Nothing generic (no invoke(channel)): the page
// can reach exactly these channels and never sees ipcRenderer or IPC event objects. Built as
// CommonJS (out/electron/preload.cjs).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { JOB_EVENT_CHANNEL } from '../shared/api';
import type { API_KEY_CHANNELS } from '../shared/api-keys';
import type { TurnwiseBridge } from '../shared/bridge';
import { apiFunctions, type Invoke } from './preload-api.generated';

// Type-only imports keep zod and every schema out of the sandboxed preload (it would be ~750 kB
// for two string constants). The annotations make the compiler hold these equal to shared/api.
const JOB_EVENTS: typeof JOB_EVENT_CHANNEL = 'turnwise:job-event';
const KEY_CHANNELS: typeof API_KEY_CHANNELS = {
  list: 'turnwise:apiKeys:list',
  store: 'turnwise:apiKeys:store',
  remove: 'turnwise:apiKeys:remove',
};

/** The slice of ipcRenderer the bridge uses; tests pass a fake. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** The slice of webUtils the bridge uses; tests pass a fake. */
export interface WebUtilsLike {
  getPathForFile(file: never): string;
}

export function createBridge(ipc: IpcRendererLike, files: WebUtilsLike): TurnwiseBridge {
  const invoke = ((channel, input) => ipc.invoke(channel, input)) as Invoke;
  return {
    ...apiFunctions(invoke),
    onJobEvent(listener) {
      // The IPC event object stays here: it would hand the page a route back into Electron.
      const relay = (_event: unknown, job: unknown): void => listener(job);
      ipc.on(JOB_EVENTS, relay);
      return () => {
        ipc.removeListener(JOB_EVENTS, relay);
      };
    },
    // Keys go to the main process (OS keychain); only their names ever come back.
    apiKeys: {
      list: () => invoke(KEY_CHANNELS.list, {}),
      store: (input) => invoke(KEY_CHANNELS.store, input),
      remove: (input) => invoke(KEY_CHANNELS.remove, input),
    },
    // Only a File object from a drop or an <input type=file> has a path; anything else throws.
    pathForFile: (file) => files.getPathForFile(file as never),
  };
}

contextBridge.exposeInMainWorld('turnwise', createBridge(ipcRenderer, webUtils));
