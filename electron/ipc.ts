// Binds every API method to its own IPC channel (docs/ARCHITECTURE.md, layers) and forwards job events.
// Requests are answered only for the app's own window, top frame, app origin; the engine's
// dispatch validates the input itself. Written against small interfaces so tests use fakes.
import { API_METHODS, channelOf, JOB_EVENT_CHANNEL, type JobState } from '../shared/api';
import { fail, type Result } from '../shared/result';
import type { Engine } from '../engine/core/engine-types';
import { isAppUrl } from './window';

export interface SenderFrameLike {
  readonly url: string;
  /** null for a top-level frame. */
  readonly parent: unknown;
}

export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  readonly senderFrame: SenderFrameLike | null;
}

/** The slice of ipcMain used here; Electron's ipcMain satisfies it. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface SenderBindings {
  /** webContents id of the app window, or null when there is none. */
  getAppContentsId(): number | null;
  /** Told about each refused request; defaults to a console warning. */
  onRefused?(channel: string, reason: string): void;
}

export interface IpcBindings extends SenderBindings {
  /** The open engine, or null while a workspace is being switched. */
  getEngine(): Pick<Engine, 'dispatchByName'> | null;
}

export type SenderVerdict = { trusted: true } | { trusted: false; reason: string };

/** Only the app window's top frame, showing an app:// page, may call the API. */
export function checkSender(event: InvokeEventLike, appContentsId: number | null): SenderVerdict {
  if (appContentsId === null || event.sender.id !== appContentsId) {
    return { trusted: false, reason: 'not the app window' };
  }
  let frame: SenderFrameLike | null;
  try {
    // senderFrame throws or is null once the frame has navigated away or been destroyed.
    frame = event.senderFrame;
    if (frame === null) return { trusted: false, reason: 'frame is gone' };
    if (frame.parent !== null) return { trusted: false, reason: 'not the top frame' };
    if (!isAppUrl(frame.url)) return { trusted: false, reason: `foreign origin ${frame.url}` };
  } catch {
    return { trusted: false, reason: 'frame is gone' };
  }
  return { trusted: true };
}

/** Handles one channel, answering only the app window (checkSender); others get unauthorized. */
export function handleFromApp<T>(
  ipcMain: IpcMainLike,
  channel: string,
  bindings: SenderBindings,
  handler: (input: unknown) => Promise<Result<T>> | Result<T>,
): void {
  ipcMain.handle(channel, (event, input): Promise<Result<T>> | Result<T> => {
    const verdict = checkSender(event, bindings.getAppContentsId());
    if (!verdict.trusted) {
      (bindings.onRefused ?? warnRefused)(channel, verdict.reason);
      return fail('unauthorized', `IPC sender refused: ${verdict.reason}`);
    }
    return handler(input);
  });
}

/** Registers one handler per API method; returns a function that removes them all. */
export function registerIpc(ipcMain: IpcMainLike, bindings: IpcBindings): () => void {
  const channels: string[] = [];
  for (const method of API_METHODS) {
    const channel = channelOf(method);
    handleFromApp(ipcMain, channel, bindings, async (input): Promise<Result<unknown>> => {
      const engine = bindings.getEngine();
      if (engine === null)
        return fail('unavailable', 'no workspace is open (it is being switched)');
      try {
        return await engine.dispatchByName(method, input);
      } catch (error) {
        // dispatch turns handler errors into results; this only catches a broken engine.
        return fail('internal', error instanceof Error ? error.message : String(error));
      }
    });
    channels.push(channel);
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

function warnRefused(channel: string, reason: string): void {
  console.warn(`[turnwise] refused ${channel}: ${reason}`);
}

/** Where job events go; a WebContents satisfies it. */
export interface JobEventTarget {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** Pushes an engine's job snapshots to the window; returns the unsubscribe function. */
export function forwardJobEvents(
  engine: Pick<Engine, 'onJobEvent'>,
  getTarget: () => JobEventTarget | null,
): () => void {
  return engine.onJobEvent((job: JobState) => {
    const target = getTarget();
    if (target === null || target.isDestroyed()) return;
    target.send(JOB_EVENT_CHANNEL, job);
  });
}
