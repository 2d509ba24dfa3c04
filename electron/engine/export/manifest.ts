// turnwise-manifest.json: everything needed to know what an export holds and to reproduce it.
// Deterministic on purpose (no wall-clock time): the same workspace and selection give the same
// bytes, so two exports can be compared by hash.
import packageJson from '../../../package.json' with { type: 'json' };
import type { ExportSelection } from '../../../shared/api-export';
import { canonicalJson } from '../importers/canonical-json';
import type { Workspace } from '../store/workspace';
import { readOnlyQuery, selectionSql, type SelectedTrajectory } from './selection';
import type { ExportTargetModule } from './targets/export-target';

export const MANIFEST_FILE = 'turnwise-manifest.json';

export interface ManifestFile {
  path: string;
  records: number;
  bytes: number;
  sha256: string;
}

export interface ManifestCounts {
  trajectories: number;
  records: number;
  skipped: { reason: string; count: number }[];
}

/** The credit parameters stored for the selected trajectories: one object, several, or null. */
async function creditParams(workspace: Workspace, selection: ExportSelection): Promise<unknown> {
  const { sql, params } = selectionSql(selection);
  const rows = await readOnlyQuery(
    workspace,
    `SELECT DISTINCT params::VARCHAR AS params FROM tw_trajectory_scores
     WHERE segmentation = $${params.length + 1} AND params IS NOT NULL
       AND trajectory_id IN (SELECT trajectory_id FROM (${sql}))
     ORDER BY params`,
    [...params, selection.filter.segmentation],
  );
  const all = rows.map((row) => JSON.parse(String(row.params)) as unknown);
  return all.length === 0 ? null : all.length === 1 ? all[0] : all;
}

export async function buildManifest(
  workspace: Workspace,
  selection: ExportSelection,
  selected: SelectedTrajectory[],
  counts: ManifestCounts,
  files: ManifestFile[],
  target: ExportTargetModule,
): Promise<string> {
  const datasetIds = [...new Set(selected.map((t) => t.dataset_id))].sort();
  const sources =
    datasetIds.length === 0
      ? []
      : await workspace.query(
          `SELECT dataset_id, name, format, content_sha256 FROM datasets
           WHERE dataset_id IN (${datasetIds.map((_, i) => `$${i + 1}`).join(', ')})
           ORDER BY dataset_id`,
          datasetIds,
        );
  const credit = await creditParams(workspace, selection);
  const manifest = {
    manifest_version: 1,
    tool: { name: 'turnwise', version: packageJson.version },
    target: selection.target,
    sources: sources.map((row) => ({
      dataset_id: row.dataset_id,
      name: row.name,
      format: row.format,
      content_sha256: row.content_sha256,
    })),
    selection: {
      // Sorted keys: the same filter is the same text however it was written.
      filter: JSON.parse(canonicalJson(selection.filter)) as unknown,
      where: selection.where ?? null,
      max_per_task: selection.max_per_task ?? null,
    },
    segmentation: selection.filter.segmentation,
    credit_params: credit,
    counts,
    files,
    // Target-specific: the trainer settings that read these files, and how fields were derived.
    ...(target.trainerArgs === undefined ? {} : { trainer_args: target.trainerArgs }),
    ...(target.notes === undefined ? {} : { target_notes: target.notes(credit) }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
