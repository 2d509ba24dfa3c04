// turnwise-manifest.json: everything needed to know what an export holds and to reproduce it.
// Deterministic on purpose (no wall-clock time): the same workspace and selection give the same
// bytes, so two exports can be compared by hash.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import packageJson from '../../package.json' with { type: 'json' };
import type { ExportSelection } from '../../shared/api-export';
import { canonicalJson } from '../text/canonical-json';
import { ruleInUse, type RuleInUse } from '../outcome/outcome-rule';
import { jsonTextColumn } from '../store/row-schemas';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import type { PlannedExport } from './record-stream';
import { readOnlyQueryAs, selectionSql } from './selection';
import { weightingManifest } from './trajectory-weighting';
import { searchedText } from '../query/text-search';

export const MANIFEST_FILE = 'turnwise-manifest.json';

/**
 * The export's id: the first 16 hex digits of the sha256 of its manifest without the id. The
 * manifest is deterministic, so the same export made twice has the same id, and a run can name
 * the export it was trained from (docs/compare.md).
 */
export function exportIdOf(manifestWithoutId: unknown): string {
  return createHash('sha256').update(canonicalJson(manifestWithoutId)).digest('hex').slice(0, 16);
}

/** Distinct task ids of the exported trajectories, sorted: what a model trained on it has seen. */
function exportedTasks(selected: PlannedExport['selected']): string[] {
  const ids = new Set<string>();
  for (const trajectory of selected) if (trajectory.task_id !== null) ids.add(trajectory.task_id);
  return [...ids].sort();
}

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
  /** What written records left out of their conversations (user-side tool calls, ...). */
  left_out: { reason: string; count: number }[];
}

/** Stored credit parameters: a JSON column read as text (ordered by that text). */
const ParamsRow = z.object({ params: jsonTextColumn(z.unknown()) });

/** The credit parameters stored for the selected trajectories: one object, several, or null. */
async function creditParams(workspace: Workspace, selection: ExportSelection): Promise<unknown> {
  const selected = selectionSql(selection, {
    textFromSearch: await searchedText(workspace, selection.filter.text),
  });
  const rows = await readOnlyQueryAs(
    workspace,
    ParamsRow,
    sql`SELECT DISTINCT params::VARCHAR AS params FROM tw_trajectory_scores
        WHERE segmentation = ${selection.filter.segmentation} AND params IS NOT NULL
          AND trajectory_id IN (SELECT trajectory_id FROM (${selected}))
        ORDER BY params`,
  );
  const all = rows.map((row) => row.params);
  return all.length === 0 ? null : all.length === 1 ? all[0] : all;
}

/** Each source dataset's outcome rule: what decided `success` where the format stated none. */
async function outcomeRules(
  workspace: Workspace,
  datasetIds: readonly string[],
): Promise<Map<string, RuleInUse>> {
  const rules = new Map<string, RuleInUse>();
  const connection = await workspace.connect();
  try {
    for (const id of datasetIds) rules.set(id, await ruleInUse(connection, id));
  } finally {
    connection.closeSync();
  }
  return rules;
}

async function duckdbVersion(workspace: Workspace): Promise<string> {
  const [row] = await workspace.queryAs(
    z.object({ version: z.string() }),
    'SELECT version() AS version',
  );
  return row?.version ?? 'unknown';
}

/** A source dataset as the manifest records it (secrets is NULL for older rows). */
const SourceRow = z.object({
  dataset_id: z.string(),
  name: z.string(),
  format: z.string(),
  content_sha256: z.string(),
  secrets: z.string().nullable(),
});

/** The selection as recorded: every option, with sorted keys so equal selections read the same. */
function recordedSelection(selection: ExportSelection): unknown {
  const { target: _target, filter, ...options } = selection;
  return JSON.parse(canonicalJson({ ...options, filter, where: selection.where ?? null }));
}

export async function buildManifest(
  workspace: Workspace,
  planned: PlannedExport,
  counts: ManifestCounts,
  files: ManifestFile[],
): Promise<string> {
  const { selected, target } = planned;
  const selection = planned.context.selection;
  const datasetIds = [...new Set(selected.map((t) => t.dataset_id))].sort();
  const sources =
    datasetIds.length === 0
      ? []
      : await workspace.queryAs(
          SourceRow,
          sql`SELECT dataset_id, name, format, content_sha256, secrets FROM datasets
           WHERE dataset_id IN ${datasetIds} ORDER BY dataset_id`,
        );
  const credit = await creditParams(workspace, selection);
  const rules = await outcomeRules(workspace, datasetIds);
  const body = {
    // The Parquet writer's bytes depend on DuckDB's version, so it is part of what reproduces a file.
    tool: {
      name: 'turnwise',
      version: packageJson.version,
      duckdb: await duckdbVersion(workspace),
    },
    target: selection.target,
    sources: sources.map((row) => ({
      dataset_id: row.dataset_id,
      name: row.name,
      format: row.format,
      content_sha256: row.content_sha256,
      // redacted at import, or kept / never scanned (re-scanned as written unless secrets_mode is keep).
      secrets: row.secrets ?? 'unscanned',
      outcome_rule: rules.get(row.dataset_id) ?? null,
    })),
    // How secrets were handled: each dataset's choice, or --secrets keep / redact for all.
    secrets_mode: selection.secrets ?? 'dataset',
    secrets_redacted_at_export: Object.fromEntries(
      [...planned.context.redacted_at_export].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    selection: recordedSelection(selection),
    segmentation: selection.filter.segmentation,
    credit_params: credit,
    // How credit became per-turn weights, and DRIFT weights applied, duplicated or only recorded.
    weighting: weightingManifest(selection.weighting, target, planned.weighting),
    counts,
    files,
    // Target-specific: the trainer settings that read these files, and how fields were derived.
    ...(target.trainerArgs === undefined ? {} : { trainer_args: target.trainerArgs }),
    ...(target.notes === undefined ? {} : { target_notes: target.notes(credit, selection) }),
    // The tasks of the exported trajectories: a run trained on this export has seen them.
    tasks: exportedTasks(selected),
  };
  const manifest = { manifest_version: 1, export_id: exportIdOf(body), ...body };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
