// A job snapshot as the engine sends it, for the tests of what the transports deliver.
import type { JobState } from '../../shared/api';

export const RUNNING_IMPORT_JOB: JobState = {
  job_id: 'j1',
  kind: 'import',
  status: 'running',
  progress: { done: 1, total: 2, unit: 'files', message: '' },
  started_at: '2025-01-01T00:00:00Z',
  finished_at: null,
  result: null,
  error: null,
};
