import { describe, expect, it } from 'vitest';
import { API_KEY_CHANNELS } from '../shared/api-keys';
import type { InvokeEventLike, IpcMainLike } from './ipc';
import { registerKeyIpc } from './keys-ipc';
import type { KeyStore } from './key-store';

const APP_ID = 7;
const KEY = 'sk-planted-0123456789abcdef';

function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, input: unknown) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

function fromApp(url = 'app://turnwise/index.html', id = APP_ID): InvokeEventLike {
  return { sender: { id }, senderFrame: { url, parent: null } };
}

function memoryStore() {
  const keys = new Map<string, string>();
  const list = () => ({
    keychain: true,
    keys: [...keys.keys()].map((name) => ({ name, used: 'keychain' as const })),
  });
  const store: Pick<KeyStore, 'list' | 'store' | 'remove'> = {
    list,
    store: (name, key) => (keys.set(name, key), list()),
    remove: (name) => (keys.delete(name), list()),
  };
  return { store, keys };
}

describe('API-key IPC', () => {
  it('stores a key and answers with names only', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { store, keys } = memoryStore();
    registerKeyIpc(ipcMain, { store, getAppContentsId: () => APP_ID });
    const stored = await handlers.get(API_KEY_CHANNELS.store)?.(fromApp(), {
      name: 'OPENAI_API_KEY',
      key: KEY,
    });
    expect(stored).toEqual({
      ok: true,
      value: { keychain: true, keys: [{ name: 'OPENAI_API_KEY', used: 'keychain' }] },
    });
    expect(JSON.stringify(stored)).not.toContain(KEY);
    expect(keys.get('OPENAI_API_KEY')).toBe(KEY);
    const removed = await handlers.get(API_KEY_CHANNELS.remove)?.(fromApp(), {
      name: 'OPENAI_API_KEY',
    });
    expect(removed).toMatchObject({ ok: true, value: { keys: [] } });
  });

  it('refuses other windows, subframes and foreign pages', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { store, keys } = memoryStore();
    const refused: string[] = [];
    registerKeyIpc(ipcMain, {
      store,
      getAppContentsId: () => APP_ID,
      onRefused: (channel) => refused.push(channel),
    });
    const events: InvokeEventLike[] = [
      fromApp('app://turnwise/index.html', APP_ID + 1),
      fromApp('https://evil.example/'),
      { sender: { id: APP_ID }, senderFrame: { url: 'app://turnwise/index.html', parent: {} } },
    ];
    for (const event of events) {
      const answer = await handlers.get(API_KEY_CHANNELS.store)?.(event, { name: 'K', key: KEY });
      expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(keys.size).toBe(0);
    expect(refused).toHaveLength(3);
  });

  it('validates input by schema without echoing the key', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const { store, keys } = memoryStore();
    registerKeyIpc(ipcMain, { store, getAppContentsId: () => APP_ID });
    for (const input of [
      { name: 'lower_case', key: KEY },
      { name: 'OK_NAME', key: '   ' },
      { name: 'OK_NAME', key: KEY, extra: 1 },
      { key: KEY },
      null,
    ]) {
      const answer = await handlers.get(API_KEY_CHANNELS.store)?.(fromApp(), input);
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      expect(JSON.stringify(answer)).not.toContain(KEY);
    }
    expect(keys.size).toBe(0);
  });
});
