// Shared by the engine tests that go through dispatch: one API call that fails the test loudly on
// an error result, and importing a JSONL file as a dataset.
import { expect } from 'vitest';
import type { JobState } from '../../shared/api';
import type { DispatchByName } from '../core/dispatch';
import type { Engine } from '../core/engine-types';

/**
 * One API call by name (as a transport makes it); an error result throws `code: message`, the value
 * is typed by the caller.
 */
export async function callOk<T>(
  dispatch: DispatchByName,
  method: string,
  input: unknown,
): Promise<T> {
  const result = await dispatch(method, input);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** Imports one JSONL file as `dataset` and waits for the import to finish without error. */
export async function importDataset(engine: Engine, file: string, dataset: string): Promise<void> {
  const job = await callOk<JobState>(engine.dispatchByName, 'startImport', {
    paths: [file],
    dataset,
  });
  expect((await engine.waitForJob(job.job_id)).error).toBeNull();
}
