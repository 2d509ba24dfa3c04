// Turnwise: one export through the engine's API (dispatch, the export job, selection, record
// building, the atomic write and the manifest), as the app and `turnwise export` run it.
import { statSync } from 'node:fs';
import path from 'node:path';
import { jobResult } from '../../shared/job-result';
import { openEngine } from '../../engine/engine';
import { argument, measure } from './measure';

const db = argument(0, 'database file');
const out = argument(1, 'output folder');
/** The startExport input without out_dir, as JSON. */
const selection = JSON.parse(argument(2, 'selection JSON')) as Record<string, unknown>;

await measure(async () => {
  const engine = await openEngine({ dbPath: db });
  const started = await engine.dispatch('startExport', { ...selection, out_dir: out } as never);
  if (!started.ok) throw new Error(started.error.message);
  const job = await engine.waitForJob(started.value.job_id);
  await engine.close();
  if (job.status !== 'succeeded') throw new Error(job.error?.message ?? job.status);
  const summary = jobResult(job, 'export');
  const bytes = summary.files.reduce((sum, file) => sum + statSync(file).size, 0);
  return {
    records: summary.records,
    trajectories: summary.trajectories,
    megabytes: Math.round(bytes / 1e5) / 10,
    file: path.basename(summary.files[0] ?? ''),
  };
});
