// Turnwise: the real import path (API dispatch, job runner, importer, DuckDB appenders).
import type { ImportSummary } from '../../shared/model';
import type { JobState } from '../../shared/api';
import { openEngine } from '../../electron/engine/engine';
import { argument, measure } from './measure';

const file = argument(0, 'JSONL file');
const db = argument(1, 'database file');

await measure(async () => {
  const engine = await openEngine({ dbPath: db });
  const started = await engine.dispatch('startImport', { paths: [file], format: 'turnwise' });
  if (!started.ok) throw new Error(started.error.message);
  const job = await engine.waitForJob((started.value as JobState).job_id);
  await engine.close();
  if (job.status !== 'succeeded') throw new Error(job.error?.message ?? job.status);
  const summary = job.result as ImportSummary;
  return { records: summary.trajectories, turns: summary.turns };
});
