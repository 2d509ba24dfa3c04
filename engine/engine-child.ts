// The engine's own process (started by engine-process.ts): opens the workspace named on its
// command line and answers requests over the IPC channel. A process, not a thread, so that it can
// be ended whole: DuckDB looks at an interrupt only between vectors, and a query still running
// after its stop (bounded-query.ts) is reported here and this process is killed and restarted.
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import type { ApiError } from '../shared/result';
import { apiErrorOf, toFailure } from './core/failure';
import { openEngine } from './engine';
import type { EngineChildData, EngineReply, EngineRequest } from './engine-process-protocol';
import type { Engine } from './core/engine-types';
import { log, setLog } from './logging/logger';
import { logError, logText } from './logging/log-text';
import { fileLogger } from './logging/rotating-log';
import { logUncaughtErrors } from './logging/uncaught';
import { TURNWISE_VERSION } from './service';
import { setUnstoppableQueryHandler } from './store/bounded-query';

/** The id of the request whose handling is running, for the unstoppable-query report. */
const requestIds = new AsyncLocalStorage<number>();

/**
 * Sends a reply; one that cannot be cloned is replaced by what `fallback` makes of the error.
 * `sent` runs once the message is written (or could not be).
 */
function send(
  reply: EngineReply,
  fallback?: (error: ApiError) => EngineReply,
  sent: () => void = () => undefined,
): void {
  if (!process.connected || process.send === undefined) {
    sent();
    return;
  }
  // An error here means the parent went away; 'disconnect' handles that.
  const ignoreClosed = () => sent();
  try {
    process.send(reply, undefined, {}, ignoreClosed);
  } catch (error) {
    const problem = apiErrorOf(error);
    if (fallback === undefined) {
      console.error('[turnwise] engine process could not send a message:', problem.message);
      sent();
      return;
    }
    const message = `reply not sent: ${problem.message}`;
    process.send(fallback({ code: 'internal', message }), undefined, {}, ignoreClosed);
  }
}

async function answer(engine: Engine, request: EngineRequest): Promise<void> {
  if (request.type === 'dispatch') {
    const { id } = request;
    // dispatch turns handler errors into results itself; the catch is for a broken engine.
    const result = await requestIds
      .run(id, () => engine.dispatchByName(request.method, request.input))
      .catch(toFailure);
    send({ type: 'result', id, result }, (error) => ({ type: 'rejected', id, error }));
  } else if (request.type === 'waitForJob') {
    const { id } = request;
    try {
      const job = await engine.waitForJob(request.jobId);
      send({ type: 'job', id, job }, (error) => ({ type: 'rejected', id, error }));
    } catch (error) {
      send({ type: 'rejected', id, error: apiErrorOf(error) });
    }
  }
}

function disconnect(): void {
  if (process.connected) process.disconnect();
}

function startLogging(logDir: string | null): void {
  if (logDir === null) return;
  setLog(fileLogger(path.join(logDir, 'engine.log')));
  logUncaughtErrors();
  log().info('startup', { version: TURNWISE_VERSION, node: process.version, pid: process.pid });
}

/** A query went on past its stop: tell the parent, which kills this process and answers for it. */
function reportUnstoppableQueries(): void {
  setUnstoppableQueryHandler((error) => {
    const id = requestIds.getStore() ?? null;
    log().error('query.unstoppable', { request: id ?? 'none', reason: logText(error.message) });
    send({ type: 'unstoppable', id, error: apiErrorOf(error) });
  });
}

/**
 * Ends the process at once when the parent is gone (it crashed, or was killed), as the engine
 * would have ended with it in one process: the file lock is released for the next open, and DuckDB
 * keeps every committed transaction.
 */
function endWithParent(closing: () => boolean): void {
  process.once('disconnect', () => {
    if (!closing()) process.kill(process.pid, 'SIGKILL');
  });
}

/**
 * Ctrl+C in a terminal, or a service manager's stop, signals the whole process group. The parent
 * handles it and closes this process in order; dying first would look like a crash to it.
 */
function leaveSignalsToParent(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
}

function readData(): EngineChildData {
  const [encoded] = process.argv.slice(2);
  if (encoded === undefined) throw new Error('engine-child is started by engine-process.ts');
  return JSON.parse(encoded) as EngineChildData;
}

async function main(options: EngineChildData): Promise<void> {
  let closing = false;
  endWithParent(() => closing);
  leaveSignalsToParent();
  startLogging(options.logDir);
  let engine: Engine;
  try {
    engine = await openEngine(options);
  } catch (error) {
    const failure = apiErrorOf(error);
    log().error('workspace.open-failed', { code: failure.code, ...logError(error) });
    // Should the details not clone, the code and message still get through.
    send(
      { type: 'failed', error: failure },
      () => ({ type: 'failed', error: { code: failure.code, message: failure.message } }),
      disconnect,
    );
    return;
  }
  reportUnstoppableQueries();
  const stopEvents = engine.onJobEvent((job) => send({ type: 'jobEvent', job }));
  const onMessage = (request: EngineRequest) => {
    if (request.type === 'env') {
      for (const [name, value] of Object.entries(request.set)) process.env[name] = value;
      for (const name of request.unset) Reflect.deleteProperty(process.env, name);
      return;
    }
    if (request.type !== 'close') {
      void answer(engine, request);
      return;
    }
    closing = true;
    process.off('message', onMessage);
    void engine
      .close()
      .then(
        () => null,
        (error: unknown) => apiErrorOf(error),
      )
      .then((error) => {
        stopEvents();
        // With the channel closed and nothing else pending, the process ends by itself.
        send({ type: 'closed', error }, undefined, disconnect);
      });
  };
  process.on('message', onMessage);
  send({ type: 'ready', workspacePath: engine.workspacePath });
}

// Not a top-level await: the CLI's build is CommonJS (scripts/cli-build.mjs), which has none.
main(readData()).catch((error: unknown) => {
  console.error('[turnwise] the engine process failed:', error);
  process.exit(1);
});
