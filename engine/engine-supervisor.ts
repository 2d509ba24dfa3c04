// Keeps an engine process running: if it dies (a crash, its heap limit) or is killed to end a
// query DuckDB cannot interrupt, the requests it was answering get a clear answer, a new process
// reopens the workspace, and later requests go to it. The app and `turnwise serve` use this.
import type { JobState } from '../shared/api';
import { TurnwiseError, fail, ok, type Result } from '../shared/result';
import { typedDispatch, type DispatchByName } from './core/dispatch';
import { RESTARTED_FOR_QUERY } from './engine-process-connection';
import { openEngineProcess, type ProcessEngineOptions } from './engine-process';
import type { Engine } from './core/engine-types';
import { JobsLost } from './jobs-lost';
import { log } from './logging/logger';
import { logError, logText } from './logging/log-text';

export interface SupervisedEngine extends Engine {
  /** How many times the engine process was restarted after ending. */
  readonly restarts: number;
}

type Open = (options: ProcessEngineOptions) => Promise<Engine>;

/**
 * Methods that only read, so a request the engine lost while it was killed for another request's
 * query is asked again of the next engine. Writes are not repeated: one may have been applied.
 */
const RETRY_SAFE = /^(get|list|preview|compare|check|search|appInfo$|runSql$)/;

export function isRetrySafe(method: string): boolean {
  return RETRY_SAFE.test(method);
}

function killedForAnotherQuery(error: TurnwiseError): boolean {
  const details = error.details as { restart?: unknown } | undefined;
  return details?.restart === RESTARTED_FOR_QUERY;
}

export async function openSupervisedEngine(
  options: Omit<ProcessEngineOptions, 'onUnexpectedExit'>,
  open: Open = openEngineProcess,
): Promise<SupervisedEngine> {
  const listeners = new Set<(job: JobState) => void>();
  const jobs = new JobsLost();
  let restarts = 0;
  let closed = false;
  let current: Promise<Engine>;
  let unsubscribe: () => void = () => undefined;

  const emit = (job: JobState) => {
    jobs.seen(job);
    for (const listener of listeners) listener(job);
  };

  const start = (): Promise<Engine> => {
    const opening = open({ ...options, onUnexpectedExit: restart }).then((engine) => {
      unsubscribe = engine.onJobEvent(emit);
      return engine;
    });
    current = opening;
    return opening;
  };

  function restart(reason: TurnwiseError): void {
    if (closed) return;
    restarts += 1;
    unsubscribe();
    console.error(`[turnwise] restarting the engine: ${reason.message}`);
    log().warn('engine.restart', { restarts, reason: logText(reason.message) });
    // The jobs the old process was running ended with it; their watchers are told so.
    for (const job of jobs.loseRunning(reason)) for (const listener of listeners) listener(job);
    // A failed reopen is answered to each request that waits for it.
    start().catch((error: unknown) => {
      console.error('[turnwise] the engine could not be restarted:', error);
      log().error('engine.restart-failed', logError(error));
    });
  }

  const { workspacePath } = await start();

  const dispatchOnce = async (method: string, input: unknown): Promise<Result<unknown>> => {
    const lost = jobs.answer(method, input);
    if (lost !== null) return ok(lost);
    const result = await (await current).dispatchByName(method, input);
    return method === 'listJobs' && result.ok ? ok(jobs.withLost(result.value)) : result;
  };

  const dispatchByName: DispatchByName = async (method, input) => {
    try {
      return await dispatchOnce(method, input);
    } catch (error) {
      if (!(error instanceof TurnwiseError)) throw error;
      if (killedForAnotherQuery(error) && isRetrySafe(method)) {
        return dispatchOnce(method, input).catch((again: unknown) => {
          if (again instanceof TurnwiseError) return fail(again.code, again.message);
          throw again;
        });
      }
      const tail = killedForAnotherQuery(error)
        ? 'The engine was restarted; check whether the change was made before repeating it.'
        : 'The engine was restarted and the workspace reopened; other requests are unaffected.';
      return fail(error.code, `${error.message}. ${tail}`) as Result<never>;
    }
  };

  return {
    workspacePath,
    get restarts() {
      return restarts;
    },
    dispatch: typedDispatch(dispatchByName),
    dispatchByName,
    onJobEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForJob: async (jobId) => {
      const lost = jobs.get(jobId);
      if (lost !== null) return lost;
      return (await current).waitForJob(jobId).catch((error: unknown) => {
        const after = jobs.get(jobId);
        if (after !== null) return after;
        throw error;
      });
    },
    async close() {
      closed = true;
      listeners.clear();
      const engine = await current;
      await engine.close();
    },
  };
}
