// The exports a workspace knows (tw_exports): recorded when an export is written, or when a run
// names an export made elsewhere. The tasks they hold tell trained-on from held-out tasks.
import { ExportRecordSchema, type ExportRecord } from '../../shared/api-runs';
import { jsonTextColumn } from '../store/row-schemas';
import * as z from 'zod';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import type { LineageManifest } from './export-manifest';

export async function recordExport(
  workspace: Workspace,
  manifest: LineageManifest,
  dir: string,
): Promise<void> {
  // The same id is the same export (the manifest is deterministic): keep its newest location.
  await workspace.run(
    sql`INSERT INTO tw_exports (export_id, target, path, sources, task_ids, trajectories, records,
          recorded_at)
        VALUES (${manifest.export_id}, ${manifest.target}, ${dir},
          ${JSON.stringify(manifest.sources.map((s) => s.dataset_id))}::JSON,
          ${JSON.stringify(manifest.tasks)}::JSON, ${manifest.counts.trajectories},
          ${manifest.counts.records}, now())
        ON CONFLICT (export_id) DO UPDATE SET path = excluded.path`,
  );
}

/** tw_exports.sources (the dataset ids an export came from), read as text. */
export const ExportSourcesColumn = jsonTextColumn(z.array(z.string()));

/** tw_exports.task_ids (the tasks an export holds), read as text. */
const ExportTasksColumn = jsonTextColumn(z.array(z.string()));

/** A tw_exports row as listExports reads it: sources is the JSON column read as text. */
const ExportRowSchema = ExportRecordSchema.extend({ sources: ExportSourcesColumn });

export async function listExports(workspace: Workspace): Promise<ExportRecord[]> {
  return workspace.queryAs(
    ExportRowSchema,
    `SELECT export_id, target, path, sources::VARCHAR AS sources, trajectories, records,
            json_array_length(task_ids)::INTEGER AS tasks, recorded_at::VARCHAR AS recorded_at
     FROM tw_exports ORDER BY recorded_at, export_id`,
  );
}

/** The task ids an export holds; null when the workspace does not know the export. */
export async function exportTasks(
  workspace: Workspace,
  exportId: string,
): Promise<Set<string> | null> {
  const [row] = await workspace.queryAs(
    z.object({ task_ids: ExportTasksColumn }),
    sql`SELECT task_ids::VARCHAR AS task_ids FROM tw_exports WHERE export_id = ${exportId}`,
  );
  return row === undefined ? null : new Set(row.task_ids);
}
