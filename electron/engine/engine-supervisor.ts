// Keeps an engine worker running: if the thread dies (a crash, or a query past its heap limit),
// the requests it was answering get a clear error result, a new worker reopens the workspace, and
// later requests go to it. The app and `turnwise serve` use this; nothing else needs restarting.
import type { JobState } from '../../shared/api';
import { TurnwiseError, fail, type Result } from '../../shared/result';
import type { Dispatch } from './dispatch';
import { openEngineInWorker, type WorkerEngineOptions } from './engine-in-worker';
import type { Engine } from './engine-types';
import { log } from './logging/logger';
import { logError, logText } from './logging/log-text';

export interface SupervisedEngine extends Engine {
  /** How many times the worker was restarted after dying. */
  readonly restarts: number;
}

type Open = (options: WorkerEngineOptions) => Promise<Engine>;

export async function openSupervisedEngine(
  options: Omit<WorkerEngineOptions, 'onUnexpectedExit'>,
  open: Open = openEngineInWorker,
): Promise<SupervisedEngine> {
  const listeners = new Set<(job: JobState) => void>();
  let restarts = 0;
  let closed = false;
  let current: Promise<Engine>;
  let unsubscribe: () => void = () => undefined;

  const start = (): Promise<Engine> => {
    const opening = open({ ...options, onUnexpectedExit: restart }).then((engine) => {
      unsubscribe = engine.onJobEvent((job) => {
        for (const listener of listeners) listener(job);
      });
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
    // A failed reopen is answered to each request that waits for it.
    start().catch((error: unknown) => {
      console.error('[turnwise] the engine could not be restarted:', error);
      log().error('engine.restart-failed', logError(error));
    });
  }

  const { workspacePath } = await start();

  const dispatch: Dispatch = async (method, input) => {
    const engine = await current;
    try {
      return await engine.dispatch(method, input);
    } catch (error) {
      if (!(error instanceof TurnwiseError)) throw error;
      return fail(
        error.code,
        `${error.message}. The engine was restarted and the workspace reopened; other requests are unaffected.`,
      ) as Result<never>;
    }
  };

  return {
    workspacePath,
    get restarts() {
      return restarts;
    },
    dispatch,
    onJobEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForJob: async (jobId) => (await current).waitForJob(jobId),
    async close() {
      closed = true;
      listeners.clear();
      const engine = await current;
      await engine.close();
    },
  };
}
