// Which trajectories an export takes: the explorer's filter, an optional user SQL condition on the
// public `trajectories` view (checked by the read-only SQL guard first), and a per-task cap.
import type { ExportSelection } from '../../shared/api-export';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { withQueryBounds } from '../store/bounded-query';
import { rowsAsOn } from '../store/connection-sql';
import { FiniteOrNull } from '../store/finite-number';
import { guardExpression, probeSql } from '../store/sql-expression-guard';
import { sql, type SqlFragment } from '../store/sql-template';
import { workspaceQueryBounds } from '../sql/sql-settings';
import type { Workspace } from '../store/workspace';
import { filteredTrajectories, type FilterSqlOptions } from '../query/filter-sql';
import { searchedText } from '../query/text-search';

export interface SelectedTrajectory {
  trajectory_id: string;
  dataset_id: string;
  task_id: string | null;
  group_id: string | null;
  /** The success rate of its group (or task) over the workspace; null if no outcome is known. */
  group_success: number | null;
  reward: number | null;
  success: boolean | null;
}

/** A `where` is checked, and embedded, as this probe over the trajectories view. */
const WHERE_PROBE = {
  relation: 'trajectories',
  columns: ['trajectory_id'],
  label: 'where condition',
} as const;

/** The trajectory ids a `where` keeps, as SQL: the guarded probe itself, never the bare text. */
function whereIdsSql(where: string): string {
  return `(SELECT trajectory_id FROM (${probeSql(where, WHERE_PROBE)}) p WHERE value)`;
}

/**
 * Refuses a `where` that is not one boolean expression over the public views: the SQL guard's
 * checks (sql-expression-guard), then a run within the console's bounds, which also reports a
 * condition that is not boolean.
 */
export async function checkWhere(workspace: Workspace, where: string): Promise<void> {
  const connection = await workspace.connect();
  try {
    await guardExpression(connection, where, WHERE_PROBE);
    const bounds = await workspaceQueryBounds(workspace);
    await withQueryBounds(connection, bounds, () =>
      connection.run(`SELECT count(*) FROM ${whereIdsSql(where)} ids`),
    ).catch((error: unknown) => {
      if (error instanceof TurnwiseError && error.code !== 'invalid_input') throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new TurnwiseError(
        'invalid_input',
        `where condition refused: it is not a boolean condition on the trajectories view (${message})`,
      );
    });
  } finally {
    connection.closeSync();
  }
}

/**
 * The selection as one query (ordered by trajectory id). The curation steps run in this order:
 * filter and condition, counterexamples, group success range, top-k per task, cap per task, then
 * stratification by group success rate.
 */
export function selectionSql(
  selection: ExportSelection,
  options: Pick<FilterSqlOptions, 'textFromSearch'> = {},
): SqlFragment {
  const base = filteredTrajectories(selection.filter, options);
  const conditions: SqlFragment[] = [];
  if (selection.where !== undefined) {
    // Checked by checkWhere; the user's condition is SQL by design (the guarded probe, as
    // whereIdsSql embeds it), everything else is bound.
    conditions.push(sql`t.trajectory_id IN ${sql.raw(whereIdsSql(selection.where))}`);
  }
  // A relabeled item is an approved counterexample whose right label the reviewer gave.
  const approved = sql`(SELECT trajectory_id FROM review_items WHERE status IN ('approved', 'relabeled'))`;
  if (selection.counterexamples === 'drop')
    conditions.push(sql`t.trajectory_id NOT IN ${approved}`);
  if (selection.counterexamples === 'only') conditions.push(sql`t.trajectory_id IN ${approved}`);
  const ctes = [
    // Rates over every rollout of the group in the workspace, not only the selected ones.
    // Difficulty is measured over the trajectory's group, else its task.
    sql`rates AS (SELECT dataset_id, coalesce(group_id, task_id) AS difficulty_key,
       avg(CASE WHEN success THEN 1.0 WHEN NOT success THEN 0.0 END) AS group_success
     FROM tw_trajectories GROUP BY ALL)`,
    sql`picked AS (SELECT t.trajectory_id, t.dataset_id, t.task_id, t.group_id, t.reward, t.success,
       r.group_success
     FROM ${base.from} LEFT JOIN rates r
       ON r.dataset_id = t.dataset_id AND r.difficulty_key = coalesce(t.group_id, t.task_id)
     ${base.where(...conditions)})`,
  ];
  // Each step reads the one before it; the names are the code's own.
  let last = sql.raw('picked');
  const step = (name: string, body: (from: SqlFragment) => SqlFragment) => {
    const named = sql.raw(name);
    ctes.push(sql`${named} AS (${body(last)})`);
    last = named;
  };
  const range: SqlFragment[] = [];
  if (selection.group_success_min !== undefined) {
    range.push(sql`group_success >= ${selection.group_success_min}`);
  }
  if (selection.group_success_max !== undefined) {
    range.push(sql`group_success <= ${selection.group_success_max}`);
  }
  if (range.length > 0) {
    step('in_range', (from) => sql`SELECT * FROM ${from} WHERE ${sql.join(range, ' AND ')}`);
  }
  const topK = selection.top_k;
  if (topK !== undefined) {
    const order =
      selection.top_k_by === 'progress_score'
        ? sql`(SELECT progress_score FROM tw_trajectory_scores s WHERE s.trajectory_id = x.trajectory_id
             AND s.segmentation = ${selection.filter.segmentation})`
        : sql`x.reward`;
    step(
      'top_k',
      (from) =>
        sql`SELECT * FROM ${from} x QUALIFY row_number() OVER (PARTITION BY coalesce(x.task_id, x.trajectory_id)
         ORDER BY ${order} DESC NULLS LAST, x.trajectory_id) <= ${topK}`,
    );
  }
  const perTask = selection.max_per_task;
  if (perTask !== undefined) {
    // md5 of the id: a fixed pseudo-random order, so the cap is an unbiased, repeatable sample.
    step(
      'capped',
      (from) =>
        sql`SELECT * FROM ${from} QUALIFY row_number() OVER (PARTITION BY coalesce(task_id, trajectory_id)
         ORDER BY md5(trajectory_id), trajectory_id) <= ${perTask}`,
    );
  }
  const bins = selection.stratify_bins;
  if (bins !== undefined) {
    const bin = sql`least(floor(group_success * ${bins}), ${bins} - 1)`;
    step(
      'binned',
      (from) =>
        sql`SELECT *, ${bin} AS difficulty_bin,
         row_number() OVER (PARTITION BY ${bin} ORDER BY md5(trajectory_id), trajectory_id) AS bin_rank
       FROM ${from} WHERE group_success IS NOT NULL`,
    );
    step(
      'stratified',
      (from) =>
        sql`SELECT * EXCLUDE (difficulty_bin, bin_rank) FROM ${from}
       WHERE bin_rank <= (SELECT min(n) FROM (SELECT count(*) AS n FROM ${from} GROUP BY difficulty_bin))`,
    );
  }
  return sql`WITH ${sql.join(ctes, ',\n')}
    SELECT trajectory_id, dataset_id, task_id, group_id, reward, success, group_success
    FROM ${last} ORDER BY trajectory_id`;
}

/** Runs a query inside a read-only transaction: a user condition can never write. */
export async function readOnlyQueryAs<S extends z.ZodType>(
  workspace: Workspace,
  schema: S,
  statement: SqlFragment,
): Promise<z.output<S>[]> {
  return workspace.transaction((connection) => rowsAsOn(schema, connection, statement), {
    readOnly: true,
  });
}

/** A selected trajectory as the selection query gives it; a NaN reward counts as unknown. */
const SelectedRow = z.object({
  trajectory_id: z.string(),
  dataset_id: z.string(),
  task_id: z.string().nullable(),
  group_id: z.string().nullable(),
  group_success: FiniteOrNull,
  reward: FiniteOrNull,
  success: z.boolean().nullable(),
});

export async function selectTrajectories(
  workspace: Workspace,
  selection: ExportSelection,
): Promise<SelectedTrajectory[]> {
  if (selection.where !== undefined) await checkWhere(workspace, selection.where);
  const statement = selectionSql(selection, {
    textFromSearch: await searchedText(workspace, selection.filter.text),
  });
  return readOnlyQueryAs(workspace, SelectedRow, statement);
}
