// Which trajectories an export takes: the explorer's filter, an optional user SQL condition on the
// public `trajectories` view (checked by the read-only SQL guard first), and a per-task cap.
import type { ExportSelection } from '../../shared/api-export';
import { TurnwiseError } from '../../shared/result';
import { toJsonRow } from '../store/json-values';
import { withQueryBounds } from '../store/bounded-query';
import { guardExpression, probeSql } from '../store/sql-expression-guard';
import { workspaceQueryBounds } from '../sql/sql-settings';
import type { Row, SqlParams, Workspace } from '../store/workspace';
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
 * The selection as one query (ordered by trajectory id) with its bound parameters. The curation
 * steps run in this order: filter and condition, counterexamples, group success range, top-k per
 * task, cap per task, then stratification by group success rate.
 */
export function selectionSql(
  selection: ExportSelection,
  options: Pick<FilterSqlOptions, 'textFromSearch'> = {},
): { sql: string; params: SqlParams } {
  const base = filteredTrajectories(selection.filter, options);
  const bind = base.bind;
  const conditions = base.where === '' ? [] : [base.where.replace(/^WHERE /, '')];
  if (selection.where !== undefined) {
    // Checked by checkWhere; the user's condition is SQL by design, everything else is bound.
    conditions.push(`t.trajectory_id IN ${whereIdsSql(selection.where)}`);
  }
  // A relabeled item is an approved counterexample whose right label the reviewer gave.
  const approved = `(SELECT trajectory_id FROM review_items WHERE status IN ('approved', 'relabeled'))`;
  if (selection.counterexamples === 'drop') conditions.push(`t.trajectory_id NOT IN ${approved}`);
  if (selection.counterexamples === 'only') conditions.push(`t.trajectory_id IN ${approved}`);
  const whereSql = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const ctes = [
    // Rates over every rollout of the group in the workspace, not only the selected ones.
    // Difficulty is measured over the trajectory's group, else its task.
    `rates AS (SELECT dataset_id, coalesce(group_id, task_id) AS difficulty_key,
       avg(CASE WHEN success THEN 1.0 WHEN NOT success THEN 0.0 END) AS group_success
     FROM tw_trajectories GROUP BY ALL)`,
    `picked AS (SELECT t.trajectory_id, t.dataset_id, t.task_id, t.group_id, t.reward, t.success,
       r.group_success
     FROM ${base.from} LEFT JOIN rates r
       ON r.dataset_id = t.dataset_id AND r.difficulty_key = coalesce(t.group_id, t.task_id)
     ${whereSql})`,
  ];
  let last = 'picked';
  const step = (name: string, sql: string) => {
    ctes.push(`${name} AS (${sql.replaceAll('$FROM', last)})`);
    last = name;
  };
  const range: string[] = [];
  if (selection.group_success_min !== undefined) {
    range.push(`group_success >= ${bind(selection.group_success_min)}`);
  }
  if (selection.group_success_max !== undefined) {
    range.push(`group_success <= ${bind(selection.group_success_max)}`);
  }
  if (range.length > 0) step('in_range', `SELECT * FROM $FROM WHERE ${range.join(' AND ')}`);
  if (selection.top_k !== undefined) {
    const order =
      selection.top_k_by === 'progress_score'
        ? `(SELECT progress_score FROM tw_trajectory_scores s WHERE s.trajectory_id = x.trajectory_id
             AND s.segmentation = ${bind(selection.filter.segmentation)})`
        : 'x.reward';
    step(
      'top_k',
      `SELECT * FROM $FROM x QUALIFY row_number() OVER (PARTITION BY coalesce(x.task_id, x.trajectory_id)
         ORDER BY ${order} DESC NULLS LAST, x.trajectory_id) <= ${bind(selection.top_k)}`,
    );
  }
  if (selection.max_per_task !== undefined) {
    // md5 of the id: a fixed pseudo-random order, so the cap is an unbiased, repeatable sample.
    step(
      'capped',
      `SELECT * FROM $FROM QUALIFY row_number() OVER (PARTITION BY coalesce(task_id, trajectory_id)
         ORDER BY md5(trajectory_id), trajectory_id) <= ${bind(selection.max_per_task)}`,
    );
  }
  if (selection.stratify_bins !== undefined) {
    const bins = bind(selection.stratify_bins);
    step(
      'binned',
      `SELECT *, least(floor(group_success * ${bins}), ${bins} - 1) AS difficulty_bin,
         row_number() OVER (PARTITION BY least(floor(group_success * ${bins}), ${bins} - 1)
           ORDER BY md5(trajectory_id), trajectory_id) AS bin_rank
       FROM $FROM WHERE group_success IS NOT NULL`,
    );
    step(
      'stratified',
      `SELECT * EXCLUDE (difficulty_bin, bin_rank) FROM $FROM
       WHERE bin_rank <= (SELECT min(n) FROM (SELECT count(*) AS n FROM $FROM GROUP BY difficulty_bin))`,
    );
  }
  const sql = `WITH ${ctes.join(',\n')}
    SELECT trajectory_id, dataset_id, task_id, group_id, reward, success, group_success
    FROM ${last} ORDER BY trajectory_id`;
  return { sql, params: base.params };
}

/** Runs a query inside a read-only transaction: a user condition can never write. */
export async function readOnlyQuery(
  workspace: Workspace,
  sql: string,
  params: SqlParams,
): Promise<Row[]> {
  return workspace.transaction(
    async (connection) =>
      (await connection.runAndReadAll(sql, params)).getRowObjectsJS().map(toJsonRow),
    { readOnly: true },
  );
}

export async function selectTrajectories(
  workspace: Workspace,
  selection: ExportSelection,
): Promise<SelectedTrajectory[]> {
  if (selection.where !== undefined) await checkWhere(workspace, selection.where);
  const { sql, params } = selectionSql(selection, {
    textFromSearch: await searchedText(workspace, selection.filter.text),
  });
  const rows = await readOnlyQuery(workspace, sql, params);
  return rows.map((row) => ({
    trajectory_id: String(row.trajectory_id),
    dataset_id: String(row.dataset_id),
    task_id: row.task_id === null ? null : String(row.task_id),
    group_id: row.group_id === null ? null : String(row.group_id),
    group_success: typeof row.group_success === 'number' ? row.group_success : null,
    reward: typeof row.reward === 'number' ? row.reward : null,
    success: typeof row.success === 'boolean' ? row.success : null,
  }));
}
