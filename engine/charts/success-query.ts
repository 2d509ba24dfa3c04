// Success rate per task or per model over the filtered trajectories: the largest groups first.
import type { SuccessRow } from '../../shared/api-charts';
import { filtered, type ChartFilter, numberOf, type Query } from './chart-sql';

export async function successBy(
  query: Query,
  filter: ChartFilter,
  column: 'task_id' | 'model',
  limit: number,
): Promise<{ distinct: number; rows: SuccessRow[] }> {
  const sql = filtered(filter);
  const rows = await query(
    `SELECT t.${column} AS value, count(*)::INTEGER AS n, count(t.success)::INTEGER AS known,
            (count(*) FILTER (WHERE t.success))::INTEGER AS successes,
            (count(*) OVER ())::INTEGER AS groups
     FROM ${sql.from} ${sql.where}
     GROUP BY t.${column} ORDER BY n DESC, value NULLS LAST LIMIT ${sql.bind(limit)}`,
    sql.params,
  );
  return {
    distinct: numberOf(rows[0]?.groups),
    rows: rows.map((row) => {
      const known = numberOf(row.known);
      const successes = numberOf(row.successes);
      return {
        value: row.value === null ? null : String(row.value),
        n: numberOf(row.n),
        known,
        successes,
        success_rate: known > 0 ? successes / known : null,
      };
    }),
  };
}
