// Runs (docs/compare.md): every dataset is a run of some model or checkpoint; tw_runs adds what
// the researcher set (model, checkpoint, step, notes, the export it was trained from, kept or
// rolled back). The lineage walks run -> export (trained_from) -> the export's source run.
import { RunInfoSchema, type RunInfo } from '../../shared/api-runs';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { ExportSourcesColumn } from '../export/export-records';
import { readSetting, writeSetting } from '../store/settings';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

export const BEST_RUN_SETTING = 'best_run';

const RunRowSchema = z.object({
  dataset_id: z.string(),
  name: z.string(),
  set_model: z.string().nullable(),
  data_model: z.string().nullable(),
  checkpoint: z.string().nullable(),
  step: z.number().nullable(),
  notes: z.string().nullable(),
  trained_from: z.string().nullable(),
  /** The trained-from export's sources: its JSON column read as text. */
  sources: ExportSourcesColumn.nullable(),
  verdict: RunInfoSchema.shape.verdict,
  trajectories: z.number(),
  tasks: z.number(),
  success_rate: z.number().nullable(),
  mean_reward: z.number().nullable(),
});
type RunRow = z.output<typeof RunRowSchema>;

const RUNS_SQL = `
  WITH stats AS (
    SELECT dataset_id, count(*)::INTEGER AS trajectories,
           count(DISTINCT task_id) FILTER (WHERE success IS NOT NULL)::INTEGER AS tasks,
           avg(success::INTEGER) AS success_rate, avg(reward) AS mean_reward,
           mode(model) AS data_model
    FROM trajectories GROUP BY dataset_id)
  SELECT d.dataset_id, d.name, r.model AS set_model, s.data_model, r.checkpoint, r.step, r.notes,
         r.trained_from, e.sources::VARCHAR AS sources, r.verdict,
         coalesce(s.trajectories, 0) AS trajectories, coalesce(s.tasks, 0) AS tasks,
         s.success_rate, s.mean_reward
  FROM tw_datasets d
  LEFT JOIN tw_runs r USING (dataset_id)
  LEFT JOIN stats s USING (dataset_id)
  LEFT JOIN tw_exports e ON e.export_id = r.trained_from
  ORDER BY d.imported_at, d.dataset_id`;

/** The run an export came from: its first source dataset the workspace holds, other than `run`. */
export function parentAmong(
  sources: readonly string[],
  present: ReadonlySet<string>,
  run: string,
): string | null {
  return sources.find((id) => present.has(id) && id !== run) ?? null;
}

function parentOf(row: RunRow, present: Set<string>): string | null {
  if (row.sources === null) return null;
  return parentAmong(row.sources, present, row.dataset_id);
}

export async function bestRun(workspace: Workspace): Promise<string | null> {
  const value = await readSetting(workspace, BEST_RUN_SETTING);
  return typeof value === 'string' ? value : null;
}

export async function listRunInfos(workspace: Workspace): Promise<RunInfo[]> {
  const rows = await workspace.queryAs(RunRowSchema, RUNS_SQL);
  const present = new Set(rows.map((row) => row.dataset_id));
  const best = await bestRun(workspace);
  return rows.map((row) => ({
    dataset_id: row.dataset_id,
    name: row.name,
    model: row.set_model ?? row.data_model,
    model_source: row.set_model !== null ? 'set' : row.data_model !== null ? 'data' : null,
    checkpoint: row.checkpoint,
    step: row.step,
    notes: row.notes,
    trained_from: row.trained_from,
    parent: parentOf(row, present),
    verdict: row.verdict,
    best: row.dataset_id === best,
    trajectories: row.trajectories,
    tasks: row.tasks,
    success_rate: row.success_rate,
    mean_reward: row.mean_reward,
  }));
}

export async function runInfo(workspace: Workspace, datasetId: string): Promise<RunInfo> {
  const run = (await listRunInfos(workspace)).find((r) => r.dataset_id === datasetId);
  if (run === undefined) throw new TurnwiseError('not_found', `no dataset with id '${datasetId}'`);
  return run;
}

/** Refuses a trained_from whose chain of parents comes back to the run itself. */
export function checkNoCycle(runs: readonly RunInfo[], datasetId: string, parent: string | null) {
  const byId = new Map(runs.map((run) => [run.dataset_id, run]));
  const seen = new Set<string>([datasetId]);
  for (let id = parent; id !== null; id = byId.get(id)?.parent ?? null) {
    if (seen.has(id)) {
      throw new TurnwiseError(
        'invalid_input',
        id === datasetId
          ? `run '${datasetId}' cannot be trained from an export of its own rollouts`
          : `that export would make a loop in the lineage through run '${id}'`,
      );
    }
    seen.add(id);
  }
}

export interface RunFields {
  model?: string | null;
  checkpoint?: string | null;
  step?: number | null;
  notes?: string | null;
  trained_from?: string | null;
}

/** Writes the fields given (undefined: unchanged, null: cleared). */
export async function writeRunFields(
  workspace: Workspace,
  datasetId: string,
  fields: RunFields,
): Promise<void> {
  await workspace.run(
    sql`INSERT INTO tw_runs (dataset_id, updated_at) VALUES (${datasetId}, now())
        ON CONFLICT (dataset_id) DO NOTHING`,
  );
  for (const column of ['model', 'checkpoint', 'step', 'notes', 'trained_from'] as const) {
    const value = fields[column];
    if (value === undefined) continue;
    // The column name comes from the fixed list above, never from the request.
    await workspace.run(
      `UPDATE tw_runs SET ${column} = $1, updated_at = now() WHERE dataset_id = $2`,
      [value, datasetId],
    );
  }
}

/** Kept: the run is the best. Rolled back: if it was the best, its parent is (or none). */
export async function decideRun(
  workspace: Workspace,
  datasetId: string,
  verdict: 'kept' | 'rolled_back',
): Promise<{ best: string | null }> {
  const run = await runInfo(workspace, datasetId);
  await writeRunFields(workspace, datasetId, {});
  await workspace.run(
    sql`UPDATE tw_runs SET verdict = ${verdict}, updated_at = now() WHERE dataset_id = ${datasetId}`,
  );
  let best = await bestRun(workspace);
  if (verdict === 'kept') best = datasetId;
  else if (best === datasetId || best === null) best = run.parent;
  await writeSetting(workspace, BEST_RUN_SETTING, best);
  return { best };
}
