// Effective labels (the filter's segmentation) of the filtered trajectories, per role x outcome.
import * as z from 'zod';
import { CHART_OUTCOMES, type Charts } from '../../shared/api-charts';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { filtered, type ChartFilter, OUTCOME_SQL } from './chart-sql';

const CellRow = z.object({
  role_label: z.string(),
  outcome: z.enum(CHART_OUTCOMES),
  n: z.number(),
});

export async function labelMix(
  workspace: Workspace,
  filter: ChartFilter,
): Promise<Charts['label_mix']> {
  const trajectories = filtered(filter);
  const cells = await workspace.queryAs(
    CellRow,
    sql`SELECT le.role_label, ${OUTCOME_SQL} AS outcome, count(*)::INTEGER AS n
        FROM ${trajectories.from} JOIN labels_effective le
          ON le.trajectory_id = t.trajectory_id AND le.segmentation = ${filter.segmentation}
        ${trajectories.where()} GROUP BY ALL ORDER BY ALL`,
  );
  return { segments: cells.reduce((sum, cell) => sum + cell.n, 0), cells };
}
