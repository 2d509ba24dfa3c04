// Regrouping: a dataset's GRPO groups recomputed from any SQL expression over its trajectories
// (e.g. task_id || ':' || (metadata->>'seed')). The importer's grouping is kept to reset to.
import type { ApiOutput } from '../../shared/api';
import { TurnwiseError } from '../../shared/result';
import type { Workspace } from './store/workspace';

/**
 * Checks that the expression is one side-effect-free SQL expression over the trajectories view:
 * it must form exactly one SELECT statement when embedded, so `1); DROP TABLE x; --` is refused.
 */
async function checkExpression(workspace: Workspace, expression: string): Promise<string> {
  const trimmed = expression.trim();
  if (trimmed === '') throw new TurnwiseError('bad_request', 'the grouping expression is empty');
  const probe = `SELECT (${trimmed}) AS g FROM trajectories LIMIT 0`;
  const connection = await workspace.connect();
  try {
    const statements = await connection.extractStatements(probe).catch((error: unknown) => {
      throw new TurnwiseError(
        'invalid_input',
        `grouping expression: ${String((error as Error).message)}`,
      );
    });
    if (statements.count !== 1) {
      throw new TurnwiseError(
        'invalid_input',
        'grouping expression: must be a single SQL expression',
      );
    }
    await statements.prepare(0).catch((error: unknown) => {
      throw new TurnwiseError(
        'invalid_input',
        `grouping expression: ${String((error as Error).message)}`,
      );
    });
  } finally {
    connection.closeSync();
  }
  return trimmed;
}

async function requireDataset(workspace: Workspace, datasetId: string): Promise<void> {
  const rows = await workspace.query('SELECT 1 FROM tw_datasets WHERE dataset_id = $1', [
    datasetId,
  ]);
  if (rows.length === 0) throw new TurnwiseError('not_found', `no dataset with id '${datasetId}'`);
}

export async function previewRegroup(
  workspace: Workspace,
  datasetId: string,
  expression: string,
): Promise<ApiOutput<'previewRegroup'>> {
  await requireDataset(workspace, datasetId);
  const expr = await checkExpression(workspace, expression);
  const rows = await workspace.query(
    `WITH g AS (SELECT CAST((${expr}) AS VARCHAR) AS group_id, success FROM trajectories
                WHERE dataset_id = $1)
     SELECT group_id, count(*) AS n,
            avg(CASE WHEN success THEN 1.0 WHEN NOT success THEN 0.0 END) AS success_rate,
            count(*) OVER () AS groups
     FROM g GROUP BY group_id ORDER BY n DESC, group_id LIMIT 20`,
    [datasetId],
  );
  return {
    groups: Number(rows[0]?.groups ?? 0),
    sample: rows.map((row) => ({
      group_id: row.group_id === null ? null : String(row.group_id),
      trajectories: Number(row.n),
      success_rate: row.success_rate === null ? null : Number(row.success_rate),
    })),
  };
}

/** Applies a grouping expression, or with null restores the importer's grouping. */
export async function regroupDataset(
  workspace: Workspace,
  datasetId: string,
  expression: string | null,
): Promise<ApiOutput<'regroupDataset'>> {
  await requireDataset(workspace, datasetId);
  const checked = expression === null ? null : await checkExpression(workspace, expression);
  // Its own connection: the transaction must not take in other callers' queries.
  const connection = await workspace.connect();
  try {
    await connection.run('BEGIN TRANSACTION');
    try {
      if (checked === null) {
        await connection.run(
          `UPDATE tw_trajectories SET group_id = source_group_id WHERE dataset_id = $1`,
          [datasetId],
        );
      } else {
        // The expression reads the public view; computing it first keeps the update simple.
        await connection.run(
          `CREATE TEMP TABLE tw_regroup AS
           SELECT trajectory_id, CAST((${checked}) AS VARCHAR) AS group_id
           FROM trajectories WHERE dataset_id = $1`,
          [datasetId],
        );
        await connection.run(
          `UPDATE tw_trajectories t SET group_id = r.group_id FROM tw_regroup r
           WHERE t.trajectory_id = r.trajectory_id`,
        );
        await connection.run('DROP TABLE tw_regroup');
      }
      await connection.run('COMMIT');
    } catch (error) {
      await connection.run('ROLLBACK');
      throw new TurnwiseError('invalid_input', `regroup: ${(error as Error).message}`);
    }
  } finally {
    connection.closeSync();
  }
  const [row] = await workspace.query(
    'SELECT count(DISTINCT group_id) AS groups FROM tw_trajectories WHERE dataset_id = $1',
    [datasetId],
  );
  return { groups: Number(row?.groups ?? 0) };
}
