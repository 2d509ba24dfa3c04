// The datasets of a workspace with their counts, as the datasets page lists them.
import { existsSync } from 'node:fs';
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { DatasetSummarySchema } from '../../shared/model';
import { jsonTextColumn } from '../store/row-schemas';
import type { Workspace } from '../store/workspace';

/** A dataset as listed, with its attached files (JSON read as text; null when imported). */
const DatasetRow = DatasetSummarySchema.omit({ files_missing: true }).extend({
  attached_files: jsonTextColumn(z.array(z.string())).nullable(),
});

export async function listDatasets(workspace: Workspace): Promise<ApiOutput<'listDatasets'>> {
  const rows = await workspace.queryAs(
    DatasetRow,
    `SELECT d.dataset_id, d.name, d.format, d.source_path, d.imported_at, d.content_sha256,
            coalesce(d.storage, 'imported') AS storage, a.files::VARCHAR AS attached_files,
            coalesce(d.secrets, 'unscanned') AS secrets,
            coalesce((SELECT sum(r.count) FROM tw_redactions r WHERE r.dataset_id = d.dataset_id),
                     0) AS secrets_redacted,
            count(t.trajectory_id) AS trajectories,
            coalesce(sum(t.n_turns), 0) AS turns,
            count(DISTINCT t.group_id) AS groups,
            avg(CASE WHEN t.success THEN 1.0 WHEN NOT t.success THEN 0.0 END) AS success_rate,
            avg(t.reward) AS mean_reward
     FROM tw_datasets d LEFT JOIN tw_trajectories t USING (dataset_id)
     LEFT JOIN tw_attachments a USING (dataset_id)
     GROUP BY ALL ORDER BY d.imported_at, d.dataset_id`,
  );
  return {
    datasets: rows.map(({ attached_files: files, ...row }) => ({
      ...row,
      files_missing: files !== null && files.some((file) => !existsSync(file)),
    })),
  };
}
