// Reading a job's result by its kind, without a cast. Apart from job-state.ts so that a caller
// (the CLI's commands above all) does not load every feature's schemas to read one result.
import { JOB_KINDS, JOB_STATUSES } from './job-kinds';
import type { JobKind, JobResult, JobState, JobStateOf } from './job-state';
import { TurnwiseError } from './result';

/** Narrows a snapshot to its kind's. */
export function isJobOf<K extends JobKind>(state: JobState, kind: K): state is JobStateOf<K> {
  return state.kind === kind;
}

/**
 * Whether `result` is the result of `state`, a `kind` job. A type guard rather than a cast, since
 * TypeScript does not narrow a union by a generic kind; the schemas make the pairing sound.
 */
function isResultOf<K extends JobKind>(
  state: JobState,
  kind: K,
  result: unknown,
): result is JobResult<K> {
  return state.kind === kind && result !== null && result === state.result;
}

/**
 * The result of a job that is expected to be of `kind` and to have succeeded. Anything else is a
 * mistake of the caller (it asked for the wrong kind, or did not wait for the job to end well),
 * reported as such rather than read as a wrong shape.
 */
export function jobResult<K extends JobKind>(state: JobState, kind: K): JobResult<K> {
  const result: unknown = state.result;
  if (isResultOf(state, kind, result)) return result;
  throw new TurnwiseError(
    'internal',
    state.kind === kind
      ? `${kind} job ${state.job_id} has no result (${state.status})`
      : `job ${state.job_id} is a ${state.kind} job, not ${kind}`,
  );
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  values.some((known) => known === value);

/**
 * Whether an answer is a job's snapshot: what every job method gives, its shape already checked
 * against its kind's schema by the engine's dispatch. A light check of the fields that say which
 * job it is, for callers that cannot name the method's type (the renderer's useJob) and should not
 * load every kind's schemas to follow one job.
 */
export function isJobSnapshot(value: unknown): value is JobState {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    typeof fields.job_id === 'string' &&
    isOneOf(JOB_KINDS, fields.kind) &&
    isOneOf(JOB_STATUSES, fields.status) &&
    typeof fields.progress === 'object' &&
    fields.progress !== null
  );
}
