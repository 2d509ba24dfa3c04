// What the supervisor answers when it restarts an engine killed to end another request's query:
// the reads that were cut off are asked again, the writes are not, and the jobs that ended with
// the process read as failed, with the reason, wherever a caller asks about them.
import { describe, expect, it } from 'vitest';
import { API_METHODS, type JobState } from '../shared/api';
import { TurnwiseError, ok, type Result } from '../shared/result';
import { typedDispatch, type DispatchByName } from './core/dispatch';
import { RESTARTED_FOR_QUERY } from './engine-process-connection';
import type { ProcessEngineOptions } from './engine-process';
import { isRetrySafe, openSupervisedEngine } from './engine-supervisor';
import type { Engine } from './core/engine-types';

/** Every method that changes something, or starts or stops work: never repeated. */
const WRITES = [
  'addReviewItem',
  'cancelJob',
  'cancelSql',
  'createJudgePrompt',
  'decideReviewItem',
  'decideRun',
  'deleteSavedFilter',
  'regroupDataset',
  'saveFilter',
  'saveMapping',
  'setActiveJudgePrompt',
  'setDatasetSegmentation',
  'setDatasetTokenizer',
  'setExplorerLayout',
  'setLabel',
  'setOutcomeRule',
  'setRun',
  'setSqlSettings',
  'startCredit',
  'startExport',
  'startHeuristicLabels',
  'startImport',
  'startJudge',
  'startJudgeEval',
  'startReviewQueue',
  'startScoring',
  'startTextSearch',
  'undoReviewDecision',
];

const job = (status: JobState['status']): JobState => ({
  job_id: 'job-1',
  kind: 'import',
  status,
  progress: { done: 3, total: 10, unit: 'files', message: '' },
  started_at: '2026-12-07T00:00:00.000Z',
  finished_at: null,
  result: null,
  error: null,
});

/** An engine whose requests wait until the test settles them. */
function fakeEngine(answer: (method: string) => Promise<Result<unknown>>) {
  const listeners = new Set<(job: JobState) => void>();
  const dispatchByName: DispatchByName = (method) => answer(method);
  const engine: Engine = {
    workspacePath: '/tmp/ws.duckdb',
    dispatch: typedDispatch(dispatchByName),
    dispatchByName,
    onJobEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForJob: () => new Promise<JobState>(() => undefined),
    close: () => Promise.resolve(),
  };
  return { engine, emit: (state: JobState) => listeners.forEach((listener) => listener(state)) };
}

describe('isRetrySafe', () => {
  it('repeats every method that only reads and no method that writes', () => {
    const writes = API_METHODS.filter((method) => !isRetrySafe(method)).sort();
    expect(writes).toEqual([...WRITES].sort());
  });
});

describe('the supervisor after a kill for another query', () => {
  it('repeats cut-off reads, not writes, and reports the jobs that ended', async () => {
    const killed = new TurnwiseError('unavailable', 'the engine was restarted to end a query', {
      restart: RESTARTED_FOR_QUERY,
    });
    let exit: (reason: TurnwiseError) => void = () => undefined;
    const cutOff: (() => void)[] = [];
    const first = fakeEngine(
      () =>
        new Promise((_resolve, reject) => {
          cutOff.push(() => reject(killed));
        }),
    );
    const second = fakeEngine((method) =>
      Promise.resolve(ok(method === 'listJobs' ? { jobs: [] } : { from: 'second' })),
    );
    const engines = [first.engine, second.engine];
    const open = (options: ProcessEngineOptions) => {
      exit = options.onUnexpectedExit ?? exit;
      const next = engines.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no engine left'));
    };
    const supervised = await openSupervisedEngine({ dbPath: '/tmp/ws.duckdb' }, open);
    const events: JobState[] = [];
    supervised.onJobEvent((state) => events.push(state));
    first.emit(job('running'));

    const read = supervised.dispatch('listDatasets', {});
    const write = supervised.dispatch('setLabel', {
      trajectory_id: 'ds:t1',
      segment_index: 0,
      role_label: 'regression',
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    exit(killed);
    for (const reject of cutOff) reject();

    expect(await read).toEqual({ ok: true, value: { from: 'second' } });
    const written = await write;
    expect(written).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(written.ok ? '' : written.error.message).toMatch(/check whether the change was made/);

    const lost = events.at(-1);
    expect(lost).toMatchObject({
      job_id: 'job-1',
      status: 'failed',
      error: { code: 'unavailable', message: expect.stringMatching(/this job ended with it$/) },
    });
    expect(await supervised.dispatch('getJob', { job_id: 'job-1' })).toEqual({
      ok: true,
      value: lost,
    });
    expect(await supervised.waitForJob('job-1')).toEqual(lost);
    expect(await supervised.dispatch('listJobs', {})).toEqual({
      ok: true,
      value: { jobs: [lost] },
    });
    expect(supervised.restarts).toBe(1);
  });
});
