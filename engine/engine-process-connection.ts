// The Engine facade over a started engine process: numbered requests, a pending map, job
// listeners, and the kill that ends a query DuckDB cannot interrupt (engine-process.ts).
import type { ChildProcess } from 'node:child_process';
import type { JobState } from '../shared/api';
import { TurnwiseError, fail, type ApiError, type Result } from '../shared/result';
import { typedDispatch, type DispatchByName } from './core/dispatch';
import {
  replyError,
  type EngineReply,
  type EngineRequest,
  type ForwardedEnvironment,
} from './engine-process-protocol';
import type { Engine } from './core/engine-types';
import { log } from './logging/logger';
import { logText } from './logging/log-text';

/** Set on the error that ends pending requests when the engine is killed for another's query. */
export const RESTARTED_FOR_QUERY = 'unstoppable_query';

interface Pending {
  /** The API method (or 'waitForJob'), to name in the answer if the process dies meanwhile. */
  what: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface EngineProcess {
  child: ChildProcess;
  workspacePath: string;
  environment: ForwardedEnvironment;
  /** Why the process ended, from its exit and what it wrote on stderr. */
  exitReason(code: number | null, signal: string | null): TurnwiseError;
  /** Waits for the process to end by itself, killing it if it does not in time. */
  ended(): Promise<void>;
  onUnexpectedExit?: (reason: TurnwiseError) => void;
}

export function connect(engine: EngineProcess): Engine {
  const { child } = engine;
  const pending = new Map<number, Pending>();
  const listeners = new Set<(job: JobState) => void>();
  let nextId = 1;
  /** Set once the process can no longer answer; later requests fail with it. */
  let gone: TurnwiseError | null = null;
  /** Set when this side killed the process to end a query; what the other requests are told. */
  let killedFor: TurnwiseError | null = null;
  let closing: Promise<void> | null = null;
  let closeRequested = false;
  let onClosed: ((error: ApiError | null) => void) | null = null;

  const stop = (reason: TurnwiseError) => {
    const first = gone === null;
    gone ??= reason;
    for (const request of pending.values()) {
      request.reject(
        new TurnwiseError(gone.code, `${request.what}: ${gone.message}`, gone.details),
      );
    }
    pending.clear();
    if (first && !closeRequested) engine.onUnexpectedExit?.(gone);
  };

  /** Answers the query's own request with its stop, then ends the process that runs it. */
  const endQuery = (id: number | null, error: ApiError) => {
    if (gone !== null || killedFor !== null || closeRequested) return;
    const request = id === null ? undefined : pending.get(id);
    if (request !== undefined && id !== null) {
      pending.delete(id);
      request.resolve(
        fail(
          error.code,
          `${error.message}. DuckDB could not interrupt it inside one call, so the engine ` +
            'was restarted to end it',
        ),
      );
    }
    killedFor = new TurnwiseError(
      'unavailable',
      `the engine was restarted to end a query that went on past its limit (${error.message})`,
      { restart: RESTARTED_FOR_QUERY },
    );
    log().warn('engine.kill', { request: id ?? 'none', reason: logText(error.message) });
    child.kill('SIGKILL');
  };

  child.on('message', (reply: EngineReply) => {
    switch (reply.type) {
      case 'result':
      case 'job':
      case 'rejected': {
        const request = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.type === 'rejected') request?.reject(replyError(reply.error));
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
      case 'unstoppable':
        endQuery(reply.id, reply.error);
        break;
      case 'closed':
        onClosed?.(reply.error);
        break;
      default:
        break;
    }
  });
  child.on('error', (error) => {
    console.error('[turnwise] engine process failed:', error);
    log().error('engine.crash', { error: logText(error.message) });
    stop(new TurnwiseError('internal', `the engine process failed: ${error.message}`));
  });
  child.on('exit', (code, signal) => {
    onClosed?.(null);
    if (closeRequested) {
      stop(new TurnwiseError('unavailable', 'the workspace was closed'));
      return;
    }
    if (killedFor !== null) {
      stop(killedFor);
      return;
    }
    const reason = engine.exitReason(code, signal);
    if (gone === null) {
      console.error(`[turnwise] engine process exited unexpectedly (${code ?? signal})`);
      log().error('engine.crash', {
        error: logText(reason.message),
        code: code ?? 'none',
        signal: signal ?? 'none',
      });
    }
    stop(reason);
  });

  function request<T>(message: EngineRequest & { id: number }, what: string): Promise<T> {
    if (gone !== null) return Promise.reject(gone);
    if (closeRequested) {
      return Promise.reject(new TurnwiseError('unavailable', 'the workspace is closing'));
    }
    return new Promise<T>((resolve, reject) => {
      pending.set(message.id, { what, resolve: resolve as (value: unknown) => void, reject });
      const lost = (error: Error | null) => {
        // Not written: the channel closed, and the exit answers everything pending.
        if (error !== null && gone === null) log().warn('engine.send-failed', { what });
      };
      try {
        const change = engine.environment.change();
        if (change !== null) child.send(change, undefined, {}, lost);
        child.send(message, undefined, {}, lost);
      } catch (error) {
        // Input that cannot be cloned never reaches the process.
        pending.delete(message.id);
        reject(new TurnwiseError('bad_request', `cannot send request: ${String(error)}`));
      }
    });
  }

  const dispatchByName: DispatchByName = (method, input) =>
    request<Result<unknown>>({ type: 'dispatch', id: nextId++, method, input }, method);

  async function close(): Promise<void> {
    const closed = new Promise<ApiError | null>((resolve) => {
      onClosed = resolve;
    });
    const alive = gone === null && child.connected;
    closeRequested = true;
    if (alive) child.send({ type: 'close' } satisfies EngineRequest);
    const error = alive ? await closed : null;
    await engine.ended();
    listeners.clear();
    if (error !== null) throw replyError(error);
  }

  return {
    workspacePath: engine.workspacePath,
    dispatch: typedDispatch(dispatchByName),
    dispatchByName,
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
