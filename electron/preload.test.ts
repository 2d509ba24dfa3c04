import { describe, expect, it, vi } from 'vitest';
import { API_KEY_CHANNELS } from '../shared/api-keys';
import { API_METHODS, channelOf, JOB_EVENT_CHANNEL } from '../shared/api';

// The real 'electron' package would try to download its binary; the preload only needs these two.
const electron = vi.hoisted(() => ({
  exposeInMainWorld: vi.fn(),
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
  webUtils: { getPathForFile: vi.fn(() => '/dropped/file.jsonl') },
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: electron.exposeInMainWorld },
  ipcRenderer: electron.ipcRenderer,
  webUtils: electron.webUtils,
}));

const { createBridge } = await import('./preload');

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  return {
    listeners,
    invoke: vi.fn((channel: string, input: unknown) =>
      Promise.resolve({ ok: true, value: { channel, input } }),
    ),
    on: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
    }),
    removeListener: vi.fn(
      (channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(listener);
      },
    ),
  };
}

describe('preload bridge', () => {
  it('is exposed once, as window.turnwise', () => {
    expect(electron.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [key, bridge] = electron.exposeInMainWorld.mock.calls[0] ?? [];
    expect(key).toBe('turnwise');
    expect(Object.keys(bridge as object).sort()).toEqual(
      [...API_METHODS, 'onJobEvent', 'pathForFile', 'apiKeys'].sort(),
    );
  });

  it('gives the path of a dropped file through webUtils', () => {
    const bridge = createBridge(fakeIpc(), electron.webUtils);
    const file = { name: 'file.jsonl' };
    expect(bridge.pathForFile(file)).toBe('/dropped/file.jsonl');
    expect(electron.webUtils.getPathForFile).toHaveBeenCalledWith(file);
  });

  it('has exactly one function per API method plus onJobEvent', () => {
    const bridge = createBridge(fakeIpc(), electron.webUtils);
    const extras = ['onJobEvent', 'pathForFile', 'apiKeys'];
    const keys = Object.keys(bridge).filter((key) => !extras.includes(key));
    expect(keys.sort()).toEqual([...API_METHODS].sort());
    for (const key of keys) expect(typeof bridge[key as keyof typeof bridge]).toBe('function');
  });

  it('reaches the API-key channels with their own functions, nothing generic', async () => {
    const ipc = fakeIpc();
    const keys = createBridge(ipc, electron.webUtils).apiKeys;
    expect(Object.keys(keys ?? {}).sort()).toEqual(['list', 'remove', 'store']);
    await keys?.list();
    expect(ipc.invoke).toHaveBeenLastCalledWith(API_KEY_CHANNELS.list, {});
    await keys?.store({ name: 'OPENAI_API_KEY', key: 'k' });
    expect(ipc.invoke).toHaveBeenLastCalledWith(API_KEY_CHANNELS.store, {
      name: 'OPENAI_API_KEY',
      key: 'k',
    });
    await keys?.remove({ name: 'OPENAI_API_KEY' });
    expect(ipc.invoke).toHaveBeenLastCalledWith(API_KEY_CHANNELS.remove, {
      name: 'OPENAI_API_KEY',
    });
  });

  it("calls ipcRenderer.invoke on each method's own channel with the input", async () => {
    const ipc = fakeIpc();
    const bridge = createBridge(ipc, electron.webUtils) as unknown as Record<
      string,
      (input: unknown) => Promise<unknown>
    >;
    for (const method of API_METHODS) {
      const input = { probe: method };
      const call = bridge[method];
      expect(call).toBeTypeOf('function');
      await expect(call?.(input)).resolves.toEqual({
        ok: true,
        value: { channel: channelOf(method), input },
      });
      expect(ipc.invoke).toHaveBeenLastCalledWith(channelOf(method), input);
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(API_METHODS.length);
  });

  it('relays job events without the IPC event object, and unsubscribes', () => {
    const ipc = fakeIpc();
    const bridge = createBridge(ipc, electron.webUtils);
    const seen: unknown[][] = [];
    const off = bridge.onJobEvent((...args) => seen.push(args));
    const job = { job_id: 'j1', status: 'running' };
    const ipcEvent = { sender: 'secret ipcRenderer handle' };
    ipc.listeners.get(JOB_EVENT_CHANNEL)?.forEach((listener) => listener(ipcEvent, job));
    expect(seen).toEqual([[job]]);
    off();
    expect(ipc.listeners.get(JOB_EVENT_CHANNEL)?.size).toBe(0);
    expect(ipc.removeListener).toHaveBeenCalledWith(JOB_EVENT_CHANNEL, expect.any(Function));
  });
});
