// Histograms over the filtered trajectories: integer columns split by outcome, and equal-width
// bins of a real-valued column (credit totals, progress scores).
import {
  CHART_OUTCOMES,
  type ChartOutcome,
  type IntegerHistogram,
  type ValueHistogram,
} from '../../shared/api-charts';
import type { SqlParams } from '../store/workspace';
import { filtered, type ChartFilter, numberOf, OUTCOME_SQL, type Query } from './chart-sql';

/**
 * Bins of an integer column: one per value when the range fits in `bins`, else equal widths
 * of ceil(range / bins) values; bounds are inclusive, so a bin is exactly a range filter.
 */
export async function integerHistogram(
  query: Query,
  filter: ChartFilter,
  column: 'n_turns' | 'n_actions',
  bins: number,
): Promise<IntegerHistogram> {
  const sql = filtered(filter);
  const rows = await query(
    `WITH v AS (SELECT t.${column} AS x, ${OUTCOME_SQL} AS outcome FROM ${sql.from} ${sql.where}),
          r AS (SELECT min(x) AS lo, max(x) AS hi,
                       greatest(1, ceil((max(x) - min(x) + 1) / ${sql.bind(bins)}::DOUBLE))::INTEGER AS w
                FROM v)
     SELECT lo, hi, w, ((x - lo) // w)::INTEGER AS bin, outcome, count(*)::INTEGER AS n
     FROM v, r WHERE x IS NOT NULL GROUP BY ALL`,
    sql.params,
  );
  const first = rows[0];
  const counts = { success: [] as number[], failure: [] as number[], unknown: [] as number[] };
  if (first === undefined) return { bins: [], counts };
  const lo = numberOf(first.lo);
  const hi = numberOf(first.hi);
  const width = numberOf(first.w);
  const n = Math.floor((hi - lo) / width) + 1;
  for (const outcome of CHART_OUTCOMES) counts[outcome] = new Array<number>(n).fill(0);
  for (const row of rows) counts[row.outcome as ChartOutcome][numberOf(row.bin)] = numberOf(row.n);
  return {
    bins: Array.from({ length: n }, (_, k) => ({
      lo: lo + k * width,
      hi: Math.min(hi, lo + (k + 1) * width - 1),
    })),
    counts,
  };
}

/** Equal-width bins over [min, max] of the finite values `valuesSql` selects as `x`. */
export async function valueHistogram(
  query: Query,
  valuesSql: string,
  params: SqlParams,
  bins: number,
): Promise<ValueHistogram> {
  const bound = [...params, bins];
  const k = `$${bound.length}::INTEGER`;
  const rows = await query(
    `WITH v AS (SELECT x FROM (${valuesSql}) WHERE x IS NOT NULL AND isfinite(x)),
          b AS (SELECT min(x) AS lo, max(x) AS hi, count(*)::INTEGER AS n_values FROM v)
     SELECT lo, hi, n_values, CASE WHEN hi = lo THEN 0
                                   ELSE least(${k} - 1, floor((x - lo) / (hi - lo) * ${k}))::INTEGER
                              END AS bin, count(*)::INTEGER AS n
     FROM v, b GROUP BY ALL`,
    bound,
  );
  const first = rows[0];
  if (first === undefined) return { values: 0, bins: [] };
  const lo = numberOf(first.lo);
  const hi = numberOf(first.hi);
  const n = hi === lo ? 1 : bins;
  const width = (hi - lo) / n;
  const result = Array.from({ length: n }, (_, k) => ({
    lo: k === 0 ? lo : lo + k * width,
    hi: k === n - 1 ? hi : lo + (k + 1) * width,
    count: 0,
  }));
  for (const row of rows) {
    const bin = result[numberOf(row.bin)];
    if (bin !== undefined) bin.count = numberOf(row.n);
  }
  return { values: numberOf(first.n_values), bins: result };
}

/** Segment credit totals of the filtered trajectories (the filter's segmentation). */
export function creditTotals(query: Query, filter: ChartFilter, bins: number) {
  const sql = filtered(filter);
  return valueHistogram(
    query,
    `SELECT c.total AS x FROM tw_credit c WHERE c.segmentation = ${sql.bind(filter.segmentation)}
       AND c.trajectory_id IN (SELECT t.trajectory_id FROM ${sql.from} ${sql.where})`,
    sql.params,
    bins,
  );
}

export function progressScores(query: Query, filter: ChartFilter, bins: number) {
  const sql = filtered(filter, { withScores: true });
  return valueHistogram(
    query,
    `SELECT s.progress_score AS x FROM ${sql.from} ${sql.where}`,
    sql.params,
    bins,
  );
}
