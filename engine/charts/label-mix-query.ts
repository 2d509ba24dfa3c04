// Effective labels (the filter's segmentation) of the filtered trajectories, per role x outcome.
import { CHART_OUTCOMES, type Charts, type ChartOutcome } from '../../shared/api-charts';
import { filtered, type ChartFilter, numberOf, OUTCOME_SQL, type Query } from './chart-sql';

export async function labelMix(query: Query, filter: ChartFilter): Promise<Charts['label_mix']> {
  const sql = filtered(filter);
  const segmentation = sql.bind(filter.segmentation);
  const rows = await query(
    `SELECT le.role_label, ${OUTCOME_SQL} AS outcome, count(*)::INTEGER AS n
     FROM ${sql.from} JOIN labels_effective le
       ON le.trajectory_id = t.trajectory_id AND le.segmentation = ${segmentation}
     ${sql.where} GROUP BY ALL ORDER BY ALL`,
    sql.params,
  );
  const cells = rows
    .filter((row) => (CHART_OUTCOMES as readonly unknown[]).includes(row.outcome))
    .map((row) => ({
      role_label: String(row.role_label),
      outcome: row.outcome as ChartOutcome,
      n: numberOf(row.n),
    }));
  return { segments: cells.reduce((sum, cell) => sum + cell.n, 0), cells };
}
