// The progress score as a classifier of success: ROC points from score-grouped counts (window
// sums over scores in descending order) and the AUROC as the exact trapezoid area over every
// score group, which equals the Mann-Whitney statistic with ties counted 1/2.
import * as z from 'zod';
import { MAX_ROC_POINTS, type Charts } from '../../shared/api-charts';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { filtered, type ChartFilter } from './chart-sql';

/** One score group's cumulative counts, with the totals and the area repeated on every row. */
const PointRow = z.object({
  x: z.number(),
  tp: z.number(),
  fp: z.number(),
  p: z.number(),
  n: z.number(),
  area: z.number(),
});

export async function progressRoc(
  workspace: Workspace,
  filter: ChartFilter,
): Promise<Charts['roc']> {
  const trajectories = filtered(filter, { withScores: true });
  const where = trajectories.where(
    sql`s.progress_score IS NOT NULL`,
    sql`isfinite(s.progress_score)`,
    sql`t.success IS NOT NULL`,
  );
  // Keeps about MAX_ROC_POINTS - 1 groups evenly spread by rank, always the last (1, 1) one.
  const keep = MAX_ROC_POINTS - 1;
  const rows = await workspace.queryAs(
    PointRow,
    sql`WITH g AS (SELECT s.progress_score AS x, count(*) FILTER (WHERE t.success) AS pos,
                       count(*) FILTER (WHERE NOT t.success) AS neg
                FROM ${trajectories.from} ${where} GROUP BY s.progress_score),
     c AS (SELECT x, sum(pos) OVER w AS tp, sum(neg) OVER w AS fp,
                  row_number() OVER (ORDER BY x DESC) AS i, count(*) OVER () AS groups,
                  sum(pos) OVER () AS p, sum(neg) OVER () AS n
           FROM g WINDOW w AS (ORDER BY x DESC ROWS UNBOUNDED PRECEDING)),
     a AS (SELECT *, coalesce(lag(tp) OVER (ORDER BY i), 0) AS tp0,
                     coalesce(lag(fp) OVER (ORDER BY i), 0) AS fp0 FROM c)
     SELECT x, tp::DOUBLE AS tp, fp::DOUBLE AS fp, p::DOUBLE AS p, n::DOUBLE AS n,
            (sum((fp - fp0) * (tp + tp0)) OVER ())::DOUBLE / 2 AS area
     FROM a
     QUALIFY i = groups OR floor(i * ${keep} / groups) <> floor((i - 1) * ${keep} / groups)
     ORDER BY i`,
  );
  const first = rows[0];
  if (first === undefined) return null;
  const { p: positives, n: negatives } = first;
  if (positives === 0 || negatives === 0) return null;
  return {
    positives,
    negatives,
    auroc: first.area / (positives * negatives),
    points: [
      { threshold: null, fpr: 0, tpr: 0 },
      ...rows.map((row) => ({
        threshold: row.x,
        fpr: row.fp / negatives,
        tpr: row.tp / positives,
      })),
    ],
  };
}
