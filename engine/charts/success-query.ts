// Success rate per task or per model over the filtered trajectories: the largest groups first.
import * as z from 'zod';
import type { SuccessRow } from '../../shared/api-charts';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { filtered, type ChartFilter } from './chart-sql';

/** One task's or model's counts, and how many groups there are in all. */
const GroupRow = z.object({
  value: z.string().nullable(),
  n: z.number(),
  known: z.number(),
  successes: z.number(),
  groups: z.number(),
});

export async function successBy(
  workspace: Workspace,
  filter: ChartFilter,
  column: 'task_id' | 'model',
  limit: number,
): Promise<{ distinct: number; rows: SuccessRow[] }> {
  const trajectories = filtered(filter);
  // The column is one of the two the signature allows, never free text.
  const value = sql.raw(`t.${column}`);
  const rows = await workspace.queryAs(
    GroupRow,
    sql`SELECT ${value} AS value, count(*)::INTEGER AS n, count(t.success)::INTEGER AS known,
               (count(*) FILTER (WHERE t.success))::INTEGER AS successes,
               (count(*) OVER ())::INTEGER AS groups
        FROM ${trajectories.from} ${trajectories.where()}
        GROUP BY ${value} ORDER BY n DESC, value NULLS LAST LIMIT ${limit}`,
  );
  return {
    distinct: rows[0]?.groups ?? 0,
    rows: rows.map(({ value: group, n, known, successes }) => ({
      value: group,
      n,
      known,
      successes,
      success_rate: known > 0 ? successes / known : null,
    })),
  };
}
