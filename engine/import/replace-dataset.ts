// Re-importing content already in the workspace is refused as a duplicate, except with
// --keep-secrets over a dataset that was redacted at import: then the user wants the text as it
// is, and the import replaces that dataset's rows under the same id. Trajectory ids are the
// dataset id and the record's key, so labels, credit, review items, runs and exports that name
// them stay attached; what users changed since the first import (regrouping, an outcome rule, a
// default segmentation, the dataset's name) is put back.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import type { Workspace } from '../store/workspace';

const ReplacedDatasetRow = z.object({ dataset_id: z.string(), name: z.string() });
export type ReplacedDataset = z.output<typeof ReplacedDatasetRow>;

/** The dataset of this content that a kept re-import replaces; null when there is none. */
export async function replaceableDataset(
  workspace: Workspace,
  sha256: string,
): Promise<ReplacedDataset | null> {
  const [row] = await workspace.queryAs(
    ReplacedDatasetRow,
    `SELECT dataset_id, name FROM tw_datasets
     WHERE content_sha256 = $1 AND secrets = 'redacted' AND coalesce(storage, 'imported') = 'imported'
     LIMIT 1`,
    [sha256],
  );
  return row ?? null;
}

/** Rows an import writes, by table, keyed by the dataset's trajectories. */
const TRAJECTORY_ROWS = ['tw_token_logprobs', 'tw_turns'] as const;

/**
 * Keeps what users changed (in temporary tables of this connection) and deletes the rows the
 * first import wrote. Runs inside the import's transaction, before its appenders open.
 */
export async function clearImportedRows(
  connection: DuckDBConnection,
  datasetId: string,
): Promise<void> {
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE tw_replaced_trajectories AS
     SELECT trajectory_id, group_id, success FROM tw_trajectories WHERE dataset_id = $1`,
    [datasetId],
  );
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE tw_replaced_dataset AS
     SELECT name, outcome_rule, segmentation FROM tw_datasets WHERE dataset_id = $1`,
    [datasetId],
  );
  for (const table of TRAJECTORY_ROWS) {
    await connection.run(
      `DELETE FROM ${table} WHERE trajectory_id IN
         (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = $1)`,
      [datasetId],
    );
  }
  await connection.run('DELETE FROM tw_redactions WHERE dataset_id = $1', [datasetId]);
  await connection.run('DELETE FROM tw_trajectories WHERE dataset_id = $1', [datasetId]);
  await connection.run('DELETE FROM tw_datasets WHERE dataset_id = $1', [datasetId]);
}

/** Puts back what users changed, once the new rows are written. */
export async function restoreUserChanges(
  connection: DuckDBConnection,
  datasetId: string,
): Promise<void> {
  await connection.run(
    `UPDATE tw_trajectories t SET group_id = r.group_id, success = r.success
     FROM tw_replaced_trajectories r
     WHERE t.trajectory_id = r.trajectory_id AND t.dataset_id = $1`,
    [datasetId],
  );
  await connection.run(
    `UPDATE tw_datasets d SET name = r.name, outcome_rule = r.outcome_rule,
       segmentation = r.segmentation
     FROM tw_replaced_dataset r WHERE d.dataset_id = $1`,
    [datasetId],
  );
  await connection.run('DROP TABLE tw_replaced_trajectories');
  await connection.run('DROP TABLE tw_replaced_dataset');
}
