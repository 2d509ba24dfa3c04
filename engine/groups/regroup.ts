// Regrouping: a dataset's GRPO groups recomputed from any SQL expression over its trajectories
// (e.g. task_id || ':' || (metadata->>'seed')). The importer's grouping is kept to reset to.
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { TurnwiseError } from '../../shared/result';
import type { DuckDBConnection } from '@duckdb/node-api';
import { workspaceQueryBounds } from '../sql/sql-settings';
import { withQueryBounds } from '../store/bounded-query';
import { rowsAsOn } from '../store/connection-sql';
import { guardExpression } from '../store/sql-expression-guard';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';

/** The guarded probe: trajectory_id, dataset_id, success, (expr) AS value from trajectories. */
async function guardedGrouping(connection: DuckDBConnection, expression: string): Promise<string> {
  return guardExpression(connection, expression, {
    relation: 'trajectories',
    columns: ['trajectory_id', 'dataset_id', 'success'],
    label: 'grouping expression',
  });
}

/** A user expression runs within the console's time limit and memory budget. */
async function bounded<T>(
  workspace: Workspace,
  connection: DuckDBConnection,
  work: () => Promise<T>,
): Promise<T> {
  return withQueryBounds(connection, await workspaceQueryBounds(workspace), work);
}

/** One of the largest groups an expression makes, with how many groups it makes in all. */
const SampleRow = z.object({
  group_id: z.string().nullable(),
  n: z.number(),
  success_rate: z.number().nullable(),
  groups: z.number(),
});

export async function previewRegroup(
  workspace: Workspace,
  datasetId: string,
  expression: string,
): Promise<ApiOutput<'previewRegroup'>> {
  await requireDataset(workspace, datasetId);
  const connection = await workspace.connect();
  let rows: z.output<typeof SampleRow>[];
  try {
    const probe = await guardedGrouping(connection, expression);
    rows = await bounded(workspace, connection, () =>
      rowsAsOn(
        SampleRow,
        connection,
        sql`WITH g AS (SELECT CAST(value AS VARCHAR) AS group_id, success FROM (${sql.raw(probe)}) p
                    WHERE dataset_id = ${datasetId})
         SELECT group_id, count(*) AS n,
                avg(CASE WHEN success THEN 1.0 WHEN NOT success THEN 0.0 END) AS success_rate,
                count(*) OVER () AS groups
         FROM g GROUP BY group_id ORDER BY n DESC, group_id LIMIT 20`,
      ).catch((error: unknown) => {
        // A row that does not parse is this code's fault, not the expression's.
        if (error instanceof TurnwiseError) throw error;
        throw new TurnwiseError('invalid_input', `grouping expression: ${messageOf(error)}`);
      }),
    );
  } finally {
    connection.closeSync();
  }
  return {
    groups: rows[0]?.groups ?? 0,
    sample: rows.map(({ group_id, n, success_rate }) => ({
      group_id,
      trajectories: n,
      success_rate,
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
  // Its own connection: the transaction must not take in other callers' queries.
  const connection = await workspace.connect();
  try {
    const probe = expression === null ? null : await guardedGrouping(connection, expression);
    try {
      await transaction(connection, async () => {
        if (probe === null) {
          await connection.run(
            `UPDATE tw_trajectories SET group_id = source_group_id WHERE dataset_id = $1`,
            [datasetId],
          );
        } else {
          // The expression reads the public view; computing it first keeps the update simple.
          await bounded(workspace, connection, () =>
            connection.run(
              `CREATE TEMP TABLE tw_regroup AS
               SELECT trajectory_id, CAST(value AS VARCHAR) AS group_id FROM (${probe}) p
               WHERE dataset_id = $1`,
              [datasetId],
            ),
          );
          await connection.run(
            `UPDATE tw_trajectories t SET group_id = r.group_id FROM tw_regroup r
             WHERE t.trajectory_id = r.trajectory_id`,
          );
          await connection.run('DROP TABLE tw_regroup');
        }
      });
    } catch (error) {
      if (error instanceof TurnwiseError) throw error;
      throw new TurnwiseError('invalid_input', `regroup: ${messageOf(error)}`);
    }
  } finally {
    connection.closeSync();
  }
  const [row] = await workspace.queryAs(
    z.object({ groups: z.number() }),
    'SELECT count(DISTINCT group_id) AS groups FROM tw_trajectories WHERE dataset_id = $1',
    [datasetId],
  );
  return { groups: row?.groups ?? 0 };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
