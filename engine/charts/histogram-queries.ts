// Histograms over the filtered trajectories: integer columns split by outcome, and equal-width
// bins of a real-valued column (credit totals, progress scores).
import * as z from 'zod';
import {
  CHART_OUTCOMES,
  type IntegerHistogram,
  type ValueHistogram,
} from '../../shared/api-charts';
import { sql, type SqlFragment } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { filtered, type ChartFilter, OUTCOME_SQL } from './chart-sql';

/** One bin of one outcome; the range and width repeat on every row (x is never NULL here). */
const IntegerBinRow = z.object({
  lo: z.number(),
  hi: z.number(),
  w: z.number(),
  bin: z.number(),
  outcome: z.enum(CHART_OUTCOMES),
  n: z.number(),
});

/**
 * Bins of an integer column: one per value when the range fits in `bins`, else equal widths
 * of ceil(range / bins) values; bounds are inclusive, so a bin is exactly a range filter.
 */
export async function integerHistogram(
  workspace: Workspace,
  filter: ChartFilter,
  column: 'n_turns' | 'n_actions',
  bins: number,
): Promise<IntegerHistogram> {
  const trajectories = filtered(filter);
  // The column is one of the two the signature allows, never free text.
  const x = sql.raw(`t.${column}`);
  const rows = await workspace.queryAs(
    IntegerBinRow,
    sql`WITH v AS (SELECT ${x} AS x, ${OUTCOME_SQL} AS outcome
                   FROM ${trajectories.from} ${trajectories.where()}),
          r AS (SELECT min(x) AS lo, max(x) AS hi,
                       greatest(1, ceil((max(x) - min(x) + 1) / ${bins}::DOUBLE))::INTEGER AS w
                FROM v)
     SELECT lo, hi, w, ((x - lo) // w)::INTEGER AS bin, outcome, count(*)::INTEGER AS n
     FROM v, r WHERE x IS NOT NULL GROUP BY ALL`,
  );
  const first = rows[0];
  const counts = { success: [] as number[], failure: [] as number[], unknown: [] as number[] };
  if (first === undefined) return { bins: [], counts };
  const { lo, hi, w: width } = first;
  const n = Math.floor((hi - lo) / width) + 1;
  for (const outcome of CHART_OUTCOMES) counts[outcome] = new Array<number>(n).fill(0);
  for (const row of rows) counts[row.outcome][row.bin] = row.n;
  return {
    bins: Array.from({ length: n }, (_, k) => ({
      lo: lo + k * width,
      hi: Math.min(hi, lo + (k + 1) * width - 1),
    })),
    counts,
  };
}

/** One bin of the values; the range and count repeat on every row (x is finite here). */
const ValueBinRow = z.object({
  lo: z.number(),
  hi: z.number(),
  n_values: z.number(),
  bin: z.number(),
  n: z.number(),
});

/** Equal-width bins over [min, max] of the finite values `values` selects as `x`. */
export async function valueHistogram(
  workspace: Workspace,
  values: SqlFragment,
  bins: number,
): Promise<ValueHistogram> {
  const k = sql`${bins}::INTEGER`;
  const rows = await workspace.queryAs(
    ValueBinRow,
    sql`WITH v AS (SELECT x FROM (${values}) WHERE x IS NOT NULL AND isfinite(x)),
          b AS (SELECT min(x) AS lo, max(x) AS hi, count(*)::INTEGER AS n_values FROM v)
     SELECT lo, hi, n_values, CASE WHEN hi = lo THEN 0
                                   ELSE least(${k} - 1, floor((x - lo) / (hi - lo) * ${k}))::INTEGER
                              END AS bin, count(*)::INTEGER AS n
     FROM v, b GROUP BY ALL`,
  );
  const first = rows[0];
  if (first === undefined) return { values: 0, bins: [] };
  const { lo, hi } = first;
  const n = hi === lo ? 1 : bins;
  const width = (hi - lo) / n;
  const result = Array.from({ length: n }, (_, k) => ({
    lo: k === 0 ? lo : lo + k * width,
    hi: k === n - 1 ? hi : lo + (k + 1) * width,
    count: 0,
  }));
  for (const row of rows) {
    const bin = result[row.bin];
    if (bin !== undefined) bin.count = row.n;
  }
  return { values: first.n_values, bins: result };
}

/** Segment credit totals of the filtered trajectories (the filter's segmentation). */
export function creditTotals(workspace: Workspace, filter: ChartFilter, bins: number) {
  const trajectories = filtered(filter);
  return valueHistogram(
    workspace,
    sql`SELECT c.total AS x FROM tw_credit c WHERE c.segmentation = ${filter.segmentation}
          AND c.trajectory_id IN (SELECT t.trajectory_id FROM ${trajectories.from} ${trajectories.where()})`,
    bins,
  );
}

export function progressScores(workspace: Workspace, filter: ChartFilter, bins: number) {
  const trajectories = filtered(filter, { withScores: true });
  return valueHistogram(
    workspace,
    sql`SELECT s.progress_score AS x FROM ${trajectories.from} ${trajectories.where()}`,
    bins,
  );
}
