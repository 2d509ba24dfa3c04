// Runs the engine (DuckDB and import jobs) on a worker thread, so a multi-GB import never blocks
// the Electron main process or the HTTP server. It offers the same Engine interface as openEngine;
// engine-worker.ts is the other end of the messages below.
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { JobState } from '../../shared/api';
import { TurnwiseError, type ApiError, type Result } from '../../shared/result';
import type { Dispatch } from './dispatch';
import type { EngineOptions } from './engine';
import type { Engine } from './engine-types';
import { log } from './logging/logger';
import { logError } from './logging/log-text';
import { workerScript } from './worker-script';

export type WorkerRequest =
  | { type: 'dispatch'; id: number; method: string; input: unknown }
  | { type: 'waitForJob'; id: number; jobId: string }
  | { type: 'close' };

export type WorkerReply =
  | { type: 'ready'; workspacePath: string }
  | { type: 'failed'; error: ApiError }
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'job'; id: number; job: JobState }
  | { type: 'rejected'; id: number; error: ApiError }
  | { type: 'jobEvent'; job: JobState }
  | { type: 'closed'; error: ApiError | null };

export interface EngineWorkerData {
  dbPath: string;
  readOnly: boolean;
  /** The folder of the worker's engine.log; null: the worker logs nothing. */
  logDir: string | null;
}

/** After 'closed' (or a failed open) the thread ends by itself; this long is allowed before terminate. */
const EXIT_GRACE_MS = 5_000;

interface Pending {
  /** The API method (or 'waitForJob'), to name in the answer if the worker dies meanwhile. */
  what: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerEngineOptions extends EngineOptions {
  /** Where the worker writes engine.log (the app's logs folder, `turnwise serve --log-dir`). */
  logDir?: string;
  /** Called once if the thread ends without close() (a crash, or its heap limit reached). */
  onUnexpectedExit?: (reason: TurnwiseError) => void;
}

/**
 * The worker's JavaScript heap limit; TURNWISE_ENGINE_HEAP_MB overrides it. Past it the worker
 * alone ends (ERR_WORKER_OUT_OF_MEMORY), not the whole app, and is restarted (engine-supervisor).
 */
export function engineHeapMb(): number {
  const configured = Number(process.env.TURNWISE_ENGINE_HEAP_MB);
  return Number.isFinite(configured) && configured >= 32 ? configured : 4096;
}

function toError(error: ApiError): TurnwiseError {
  return new TurnwiseError(error.code, error.message, error.details);
}

/** Waits for the thread to end on its own; terminates it if it does not in time. */
async function ended(worker: Worker, exited: Promise<number>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), EXIT_GRACE_MS);
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') await worker.terminate();
}

export async function openEngineInWorker(options: WorkerEngineOptions): Promise<Engine> {
  const workerData: EngineWorkerData = {
    dbPath: options.dbPath,
    readOnly: options.readOnly ?? false,
    logDir: options.logDir ?? null,
  };
  // One environment for both threads: an API key the desktop app stores while running (key
  // store) reaches the judge and scoring clients the way a variable set at launch does.
  const worker = new Worker(workerScript('./engine-worker.ts', 'engine-worker.js'), {
    workerData,
    env: SHARE_ENV,
    resourceLimits: { maxOldGenerationSizeMb: engineHeapMb() },
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  try {
    return connect(worker, exited, await ready(worker), options.onUnexpectedExit);
  } catch (error) {
    // A failed open must not leave the thread (or a half-open DuckDB file) behind. An 'error'
    // event with no listener would throw in this thread, hence the no-op one.
    worker.on('error', () => undefined);
    await ended(worker, exited);
    throw error;
  }
}

/** Resolves with the workspace path once the worker has opened it; rejects with its error. */
function ready(worker: Worker): Promise<string> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      settle();
    };
    const onMessage = (reply: WorkerReply) => {
      if (reply.type === 'ready') finish(() => resolve(reply.workspacePath));
      else if (reply.type === 'failed') finish(() => reject(toError(reply.error)));
    };
    const onError = (error: Error) =>
      finish(() => reject(new TurnwiseError('internal', `engine worker failed: ${error.message}`)));
    const onExit = (code: number) =>
      finish(() =>
        reject(new TurnwiseError('internal', `engine worker exited (code ${code}) while opening`)),
      );
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** The Engine facade over an opened worker: numbered requests, a pending map, job listeners. */
function connect(
  worker: Worker,
  exited: Promise<number>,
  workspacePath: string,
  onUnexpectedExit?: (reason: TurnwiseError) => void,
): Engine {
  const pending = new Map<number, Pending>();
  const listeners = new Set<(job: JobState) => void>();
  let nextId = 1;
  /** Set once the worker can no longer answer; later requests fail with it. */
  let gone: TurnwiseError | null = null;
  let closing: Promise<void> | null = null;
  let closeRequested = false;
  let onClosed: ((error: ApiError | null) => void) | null = null;

  const stop = (reason: TurnwiseError) => {
    const first = gone === null;
    gone ??= reason;
    for (const request of pending.values()) {
      request.reject(new TurnwiseError(gone.code, `${request.what}: ${gone.message}`));
    }
    pending.clear();
    if (first && !closeRequested) onUnexpectedExit?.(gone);
  };

  worker.on('message', (reply: WorkerReply) => {
    switch (reply.type) {
      case 'result':
      case 'job':
      case 'rejected': {
        const request = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.type === 'rejected') request?.reject(toError(reply.error));
        else request?.resolve(reply.type === 'result' ? reply.result : reply.job);
        break;
      }
      case 'jobEvent':
        for (const listener of listeners) {
          try {
            listener(reply.job);
          } catch (error) {
            // A throwing listener here would be an uncaught exception in the main process.
            console.error('[turnwise] job event listener failed:', error);
          }
        }
        break;
      case 'closed':
        onClosed?.(reply.error);
        break;
      default:
        break;
    }
  });
  worker.on('error', (error) => {
    console.error('[turnwise] engine worker crashed:', error);
    log().error('engine.crash', logError(error));
    const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    stop(
      new TurnwiseError(
        'internal',
        outOfMemory
          ? `the engine ran out of memory (its ${engineHeapMb()} MB heap) while answering`
          : `the engine worker crashed: ${error.message}`,
      ),
    );
  });
  worker.on('exit', (code) => {
    onClosed?.(null);
    if (closeRequested) {
      stop(new TurnwiseError('unavailable', 'the workspace was closed'));
      return;
    }
    if (gone === null) {
      console.error(`[turnwise] engine worker exited unexpectedly (code ${code})`);
      log().error('engine.exit', { code });
    }
    stop(new TurnwiseError('internal', `the engine worker exited unexpectedly (code ${code})`));
  });

  function request<T>(message: WorkerRequest & { id: number }, what: string): Promise<T> {
    if (gone !== null) return Promise.reject(gone);
    if (closeRequested) {
      return Promise.reject(new TurnwiseError('unavailable', 'the workspace is closing'));
    }
    return new Promise<T>((resolve, reject) => {
      pending.set(message.id, { what, resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage(message);
      } catch (error) {
        // Input that cannot be cloned never reaches the worker.
        pending.delete(message.id);
        reject(new TurnwiseError('bad_request', `cannot send request: ${String(error)}`));
      }
    });
  }

  const dispatch: Dispatch = (method, input) =>
    request<Result<unknown>>({ type: 'dispatch', id: nextId++, method, input }, method);

  async function close(): Promise<void> {
    const closed = new Promise<ApiError | null>((resolve) => {
      onClosed = resolve;
    });
    const alive = gone === null;
    closeRequested = true;
    if (alive) worker.postMessage({ type: 'close' } satisfies WorkerRequest);
    const error = alive ? await closed : null;
    await ended(worker, exited);
    listeners.clear();
    if (error !== null) throw toError(error);
  }

  return {
    workspacePath,
    dispatch,
    onJobEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForJob: (jobId) =>
      request<JobState>({ type: 'waitForJob', id: nextId++, jobId }, `waiting for job ${jobId}`),
    close() {
      closing ??= close();
      return closing;
    },
  };
}
