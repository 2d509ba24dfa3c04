// tw_label_counts: per trajectory and segmentation, how many segments have each role as their
// effective label (human over judge over heuristic, newest first; the same precedence as the
// labels_effective view). The explorer filters and sorts on these counts over millions of
// trajectories, which the window function behind labels_effective is far too slow for, so every
// writer of tw_labels refreshes the counts of what it touched in the same transaction.
import { ROLE_LABELS } from '../../shared/model';
import { resolveStatement, type Statement } from './sql-template';
import type { SqlParams } from './workspace';
import { workspaceQueue } from './workspace-queue';

const PRECEDENCE = `CASE WHEN source LIKE 'human:%' THEN 2 WHEN source LIKE 'judge:%' THEN 1 ELSE 0 END`;

/** The counts for the labels matching `where` (a condition on tw_labels). */
export function labelCountsQuery(where: string): string {
  const counts = ROLE_LABELS.map(
    (role) => `count(*) FILTER (WHERE role_label = '${role}') AS ${role}`,
  ).join(', ');
  return `SELECT trajectory_id, segmentation, ${counts}
    FROM (
      SELECT trajectory_id, segmentation, segment_index,
             arg_max(role_label, (${PRECEDENCE}, created_at, label_id)) AS role_label
      FROM tw_labels WHERE ${where}
      GROUP BY trajectory_id, segmentation, segment_index)
    GROUP BY trajectory_id, segmentation`;
}

/**
 * Recomputes the counts of the trajectories matching `trajectoryWhere` (a condition on
 * trajectory_id: text with its parameters, or a sql`...` fragment), on the caller's connection
 * and transaction.
 */
export async function refreshLabelCounts(
  connection: { run: (sql: string, params?: SqlParams) => Promise<unknown> },
  trajectoryWhere: Statement,
  whereParams?: SqlParams,
): Promise<void> {
  // The condition is the statements' only source of parameters, so its numbering holds in both.
  const where = resolveStatement(trajectoryWhere, whereParams);
  const params = where.params ?? [];
  await connection.run(`DELETE FROM tw_label_counts WHERE ${where.text}`, params);
  await connection.run(`INSERT INTO tw_label_counts ${labelCountsQuery(where.text)}`, params);
}

/**
 * Every transaction that writes labels (and so rewrites label counts) runs through this queue:
 * two of them deleting the same counts row at once would fail the later one in DuckDB.
 */
export const writeLabels = workspaceQueue();
