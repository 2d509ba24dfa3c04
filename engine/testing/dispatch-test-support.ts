// Shared by the engine tests that go through dispatch: one API call typed by the contract that
// fails the test loudly on an error result, and importing a JSONL file as a dataset. A test that
// sends what the contract refuses (an unknown method, a bad input) calls engine.dispatchByName.
import { expect } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../../shared/api';
import type { Engine } from '../core/engine-types';

/** What answers typed API calls: an engine, or a dispatch a test made from handlers. */
export type Dispatcher = Pick<Engine, 'dispatch'>;

/** The methods that start a job: their answer is the job's first state. */
export type JobMethod = {
  [M in ApiMethod]: ApiOutput<M> extends JobState ? M : never;
}[ApiMethod];

/**
 * One API call, its input and value typed by the contract; an error result throws
 * `code: message`.
 */
export async function callOk<M extends ApiMethod>(
  engine: Dispatcher,
  method: M,
  input: ApiInput<M>,
): Promise<ApiOutput<M>> {
  const result = await engine.dispatch(method, input);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Starts a job; its first state, typed as any job's. */
export function startJob<M extends JobMethod>(
  engine: Dispatcher,
  method: M,
  input: ApiInput<M>,
): Promise<JobState> {
  return callOk(engine, method, input);
}

/** Imports one JSONL file as `dataset` and waits for the import to finish without error. */
export async function importDataset(engine: Engine, file: string, dataset: string): Promise<void> {
  const job = await callOk(engine, 'startImport', { paths: [file], dataset });
  expect((await engine.waitForJob(job.job_id)).error).toBeNull();
}
