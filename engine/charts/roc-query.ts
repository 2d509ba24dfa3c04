// The progress score as a classifier of success: ROC points from score-grouped counts (window
// sums over scores in descending order) and the AUROC as the exact trapezoid area over every
// score group, which equals the Mann-Whitney statistic with ties counted 1/2.
import { MAX_ROC_POINTS, type Charts } from '../../shared/api-charts';
import { filtered, type ChartFilter, numberOf, type Query } from './chart-sql';

export async function progressRoc(query: Query, filter: ChartFilter): Promise<Charts['roc']> {
  const sql = filtered(filter, { withScores: true });
  const where = sql.whereAnd(
    's.progress_score IS NOT NULL',
    'isfinite(s.progress_score)',
    't.success IS NOT NULL',
  );
  // Keeps about MAX_ROC_POINTS - 1 groups evenly spread by rank, always the last (1, 1) one.
  const keep = sql.bind(MAX_ROC_POINTS - 1);
  const rows = await query(
    `WITH g AS (SELECT s.progress_score AS x, count(*) FILTER (WHERE t.success) AS pos,
                       count(*) FILTER (WHERE NOT t.success) AS neg
                FROM ${sql.from} ${where} GROUP BY s.progress_score),
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
    sql.params,
  );
  const first = rows[0];
  if (first === undefined) return null;
  const positives = numberOf(first.p);
  const negatives = numberOf(first.n);
  if (positives === 0 || negatives === 0) return null;
  return {
    positives,
    negatives,
    auroc: numberOf(first.area) / (positives * negatives),
    points: [
      { threshold: null, fpr: 0, tpr: 0 },
      ...rows.map((row) => ({
        threshold: numberOf(row.x),
        fpr: numberOf(row.fp) / negatives,
        tpr: numberOf(row.tp) / positives,
      })),
    ],
  };
}
