import { describe, expect, it, vi } from 'vitest';
import { API_METHODS, channelOf, JOB_EVENT_CHANNEL, type JobState } from '../shared/api';
import { ok, type Result } from '../shared/result';
import {
  checkSender,
  forwardJobEvents,
  registerIpc,
  type InvokeEventLike,
  type IpcMainLike,
  type JobEventTarget,
} from './ipc';

const APP_ID = 7;
type Handler = (event: InvokeEventLike, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  const call = (channel: string, event: InvokeEventLike, input: unknown) => {
    const handler = handlers.get(channel);
    if (handler === undefined) throw new Error(`no handler for ${channel}`);
    return handler(event, input) as Promise<Result<unknown>>;
  };
  return { ipcMain, handlers, call };
}

function event(url: string, options: { id?: number; subframe?: boolean } = {}): InvokeEventLike {
  const top = { url: 'app://turnwise/index.html', parent: null };
  return {
    sender: { id: options.id ?? APP_ID },
    senderFrame: { url, parent: options.subframe === true ? top : null },
  };
}

const APP_EVENT = event('app://turnwise/index.html');

function setup() {
  const fake = fakeIpcMain();
  const dispatch = vi.fn((method: string, input: unknown) =>
    Promise.resolve(ok({ method, input }) as Result<unknown>),
  );
  const onRefused = vi.fn();
  const dispose = registerIpc(fake.ipcMain, {
    getEngine: () => ({ dispatchByName: dispatch }),
    getAppContentsId: () => APP_ID,
    onRefused,
  });
  return { ...fake, dispatch, dispose, onRefused };
}

describe('registerIpc', () => {
  it('binds one channel per API method, removable as a whole', () => {
    const { handlers, dispose } = setup();
    expect([...handlers.keys()].sort()).toEqual(API_METHODS.map(channelOf).sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it("dispatches the app frame's requests to the engine with the method's name", async () => {
    const { call, dispatch } = setup();
    for (const method of API_METHODS) {
      const result = await call(channelOf(method), APP_EVENT, { probe: method });
      expect(result).toEqual(ok({ method, input: { probe: method } }));
    }
    expect(dispatch).toHaveBeenCalledTimes(API_METHODS.length);
  });

  it.each([
    ['a foreign origin', event('https://evil.test/')],
    ['a file:// page', event('file:///tmp/x.html')],
    ['another app host', event('app://other/index.html')],
    ['a subframe of the app', event('app://turnwise/index.html', { subframe: true })],
    ['another webContents', event('app://turnwise/index.html', { id: APP_ID + 1 })],
    ['a destroyed frame', { sender: { id: APP_ID }, senderFrame: null }],
  ])('refuses %s without dispatching', async (_label, foreign) => {
    const { call, dispatch, onRefused } = setup();
    const result = await call(channelOf('runSql'), foreign, { sql: 'select 1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('unauthorized');
    expect(dispatch).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledWith(channelOf('runSql'), expect.any(String));
  });

  it('refuses everything while there is no app window', async () => {
    const fake = fakeIpcMain();
    const dispatch = vi.fn();
    registerIpc(fake.ipcMain, {
      getEngine: () => ({ dispatchByName: dispatch }),
      getAppContentsId: () => null,
      onRefused: () => undefined,
    });
    const result = await fake.call(channelOf('appInfo'), APP_EVENT, {});
    expect(result.ok === false && result.error.code).toBe('unauthorized');
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('answers with a result, never a rejection, when no engine is open or it throws', async () => {
    const fake = fakeIpcMain();
    let engine: { dispatchByName: () => Promise<Result<unknown>> } | null = null;
    registerIpc(fake.ipcMain, { getEngine: () => engine, getAppContentsId: () => APP_ID });
    const idle = await fake.call(channelOf('appInfo'), APP_EVENT, {});
    expect(idle.ok === false && idle.error.code).toBe('unavailable');
    engine = { dispatchByName: () => Promise.reject(new Error('boom')) };
    const broken = await fake.call(channelOf('appInfo'), APP_EVENT, {});
    expect(broken).toEqual({ ok: false, error: { code: 'internal', message: 'boom' } });
  });
});

describe('checkSender', () => {
  it('treats a frame that throws on access as gone', () => {
    const throwing = {
      sender: { id: APP_ID },
      get senderFrame(): never {
        throw new Error('Render frame was disposed');
      },
    };
    expect(checkSender(throwing, APP_ID)).toEqual({ trusted: false, reason: 'frame is gone' });
    expect(checkSender(APP_EVENT, APP_ID)).toEqual({ trusted: true });
  });
});

describe('forwardJobEvents', () => {
  const job: JobState = {
    job_id: 'j1',
    kind: 'import',
    status: 'running',
    progress: { done: 1, total: 4, unit: 'files', message: 'reading' },
    started_at: '2025-01-01T00:00:00Z',
    finished_at: null,
    result: null,
    error: null,
  };

  function fakeEngine() {
    const listeners = new Set<(job: JobState) => void>();
    return {
      listeners,
      onJobEvent: (listener: (job: JobState) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit: (snapshot: JobState) => listeners.forEach((listener) => listener(snapshot)),
    };
  }

  it('sends each snapshot on the job-event channel, and stops on unsubscribe', () => {
    const engine = fakeEngine();
    const send = vi.fn<JobEventTarget['send']>();
    const target: JobEventTarget = { isDestroyed: () => false, send };
    const stop = forwardJobEvents(engine, () => target);
    engine.emit(job);
    expect(send).toHaveBeenCalledWith(JOB_EVENT_CHANNEL, job);
    stop();
    expect(engine.listeners.size).toBe(0);
  });

  it('drops events while there is no live window', () => {
    const engine = fakeEngine();
    const destroyed = { isDestroyed: () => true, send: vi.fn() };
    forwardJobEvents(engine, () => destroyed);
    engine.emit(job);
    expect(destroyed.send).not.toHaveBeenCalled();
    forwardJobEvents(engine, () => null);
    expect(() => engine.emit(job)).not.toThrow();
  });
});
