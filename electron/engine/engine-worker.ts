// The engine's own thread (started by engine-in-worker.ts): opens the workspace named in
// workerData and answers requests, so DuckDB work and imports never run on the caller's thread.
import path from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ApiError } from '../../shared/result';
import { apiErrorOf, toFailure } from './failure';
import { openEngine } from './engine';
import type { EngineWorkerData, WorkerReply, WorkerRequest } from './engine-in-worker';
import type { Engine } from './engine-types';
import { log, setLog } from './logging/logger';
import { logError } from './logging/log-text';
import { fileLogger } from './logging/rotating-log';
import { logUncaughtErrors } from './logging/uncaught';
import { TURNWISE_VERSION } from './service';

function requirePort(): MessagePort {
  if (parentPort === null) throw new Error('engine-worker runs only as a worker thread');
  return parentPort;
}
const port = requirePort();

/** Posts a reply; one that cannot be cloned is replaced by what `fallback` makes of the error. */
function post(reply: WorkerReply, fallback?: (error: ApiError) => WorkerReply): void {
  try {
    port.postMessage(reply);
  } catch (error) {
    const problem = apiErrorOf(error);
    if (fallback === undefined) {
      console.error('[turnwise] engine worker could not send a message:', problem.message);
      return;
    }
    port.postMessage(fallback({ code: 'internal', message: `reply not sent: ${problem.message}` }));
  }
}

async function answer(engine: Engine, request: WorkerRequest): Promise<void> {
  if (request.type === 'dispatch') {
    const { id } = request;
    // dispatch turns handler errors into results itself; the catch is for a broken engine.
    const result = await engine.dispatch(request.method, request.input).catch(toFailure);
    post({ type: 'result', id, result }, (error) => ({ type: 'rejected', id, error }));
  } else if (request.type === 'waitForJob') {
    const { id } = request;
    try {
      const job = await engine.waitForJob(request.jobId);
      post({ type: 'job', id, job }, (error) => ({ type: 'rejected', id, error }));
    } catch (error) {
      post({ type: 'rejected', id, error: apiErrorOf(error) });
    }
  }
}

function startLogging(logDir: string | null): void {
  if (logDir === null) return;
  setLog(fileLogger(path.join(logDir, 'engine.log')));
  logUncaughtErrors();
  log().info('startup', { version: TURNWISE_VERSION, node: process.version, pid: process.pid });
}

async function main(options: EngineWorkerData): Promise<void> {
  startLogging(options.logDir);
  let engine: Engine;
  try {
    engine = await openEngine(options);
  } catch (error) {
    // Nothing listens now, so the thread ends once this is sent.
    const failure = apiErrorOf(error);
    log().error('workspace.open-failed', { code: failure.code, ...logError(error) });
    // Should the details not clone, the code and message still get through.
    post({ type: 'failed', error: failure }, () => ({
      type: 'failed',
      error: { code: failure.code, message: failure.message },
    }));
    return;
  }
  const stopEvents = engine.onJobEvent((job) => post({ type: 'jobEvent', job }));
  const onMessage = (request: WorkerRequest) => {
    if (request.type !== 'close') {
      void answer(engine, request);
      return;
    }
    port.off('message', onMessage);
    void engine
      .close()
      .then(
        () => null,
        (error: unknown) => apiErrorOf(error),
      )
      .then((error) => {
        stopEvents();
        // With no listener left the thread ends by itself after this.
        post({ type: 'closed', error });
      });
  };
  port.on('message', onMessage);
  post({ type: 'ready', workspacePath: engine.workspacePath });
}

// Not a top-level await: the CLI's build is CommonJS (scripts/cli-build.mjs), which has none. A
// rejection still ends the thread with an 'error' event, as an unhandled one does in a worker.
void main(workerData as EngineWorkerData);
