// Turnwise: the real import path (API dispatch, job runner, importer, DuckDB appenders).
import { jobResult } from '../../shared/job-result';
import { openEngine } from '../../engine/engine';
import { argument, measure } from './measure';

const file = argument(0, 'JSONL file');
const db = argument(1, 'database file');

await measure(async () => {
  const engine = await openEngine({ dbPath: db });
  const started = await engine.dispatch('startImport', { paths: [file], format: 'turnwise' });
  if (!started.ok) throw new Error(started.error.message);
  const job = await engine.waitForJob(started.value.job_id);
  await engine.close();
  if (job.status !== 'succeeded') throw new Error(job.error?.message ?? job.status);
  const summary = jobResult(job, 'import');
  return { records: summary.trajectories, turns: summary.turns };
});
