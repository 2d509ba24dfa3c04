// Reads stored credit: one trajectory's segments and scores, and a dataset's distributions and
// score quality (AUROC / Spearman against the outcome, failure-step accuracy against the data's
// own ground truth where it has one). Run on a workspace or inside a preview's transaction.
import * as z from 'zod';
import {
  SegmentCreditSchema,
  TrajectoryScoreSchema,
  type CreditStats,
} from '../../shared/api-credit';
import { jsonTextColumn } from '../store/row-schemas';
import { sql, type SqlFragment } from '../store/sql-template';

/** Rows parsed with a schema: workspace.queryAs, or rowsAsOn on a preview's connection. */
export type Query = <S extends z.ZodType>(
  schema: S,
  statement: SqlFragment,
) => Promise<z.output<S>[]>;

const BINS = 20;

/** The credit parameters stored beside a row (JSON read as text), or null. */
export const ParamsColumn = jsonTextColumn(z.record(z.string(), z.unknown())).nullable();
const ParamsText = z.object({ params: ParamsColumn });

export async function trajectoryCredit(query: Query, trajectoryId: string, segmentation: string) {
  const segments = await query(
    SegmentCreditSchema.extend(ParamsText.shape),
    sql`SELECT s.segment_index, s.turn_start, s.turn_end, le.role_label, le.source AS label_source,
               c.outcome_advantage, c.role_bonus, c.progress_advantage, c.total, c.sign_flipped,
               c.params::VARCHAR AS params
        FROM tw_segments s
        LEFT JOIN tw_credit c ON c.trajectory_id = s.trajectory_id
          AND c.segment_index = s.segment_index AND c.segmentation = s.segmentation
        LEFT JOIN labels_effective le ON le.trajectory_id = s.trajectory_id
          AND le.segment_index = s.segment_index AND le.segmentation = s.segmentation
        WHERE s.trajectory_id = ${trajectoryId} AND s.segmentation = ${segmentation}
        ORDER BY s.segment_index`,
  );
  const [score] = await query(
    TrajectoryScoreSchema.extend(ParamsText.shape),
    sql`SELECT progress_score, failure_step, best_in_group, outcome_advantage, group_flag,
               n_steps, params::VARCHAR AS params
        FROM tw_trajectory_scores
        WHERE trajectory_id = ${trajectoryId} AND segmentation = ${segmentation}`,
  );
  return {
    segments: segments.map(({ params: _params, ...segment }) => segment),
    score: score ? (({ params: _params, ...rest }) => rest)(score) : null,
    params: score?.params ?? segments.find((s) => s.params !== null)?.params ?? null,
  };
}

const HistogramRow = z.object({ lo: z.number(), hi: z.number(), bin: z.number(), n: z.number() });

async function histogram(query: Query, values: SqlFragment) {
  const rows = await query(
    HistogramRow,
    sql`WITH v AS (SELECT x FROM (${values}) WHERE x IS NOT NULL AND NOT isnan(x)),
             b AS (SELECT min(x) AS lo, max(x) AS hi FROM v)
        SELECT lo, hi, CASE WHEN hi = lo THEN 0
                            ELSE least(${sql.raw(String(BINS - 1))},
                                       floor((x - lo) / (hi - lo) * ${sql.raw(String(BINS))}))::INTEGER
                       END AS bin, count(*)::INTEGER AS n
        FROM v, b GROUP BY ALL`,
  );
  const counts = new Array<number>(BINS).fill(0);
  for (const row of rows) counts[row.bin] = row.n;
  const first = rows[0];
  return { min: first ? first.lo : null, max: first ? first.hi : null, counts };
}

const CountsRow = z.object({
  trajectories: z.number(),
  segments: z.number(),
  sign_flips: z.number(),
});
const QualityRow = z.object({ auroc: z.number().nullable(), spearman: z.number().nullable() });
const FailureRow = z.object({
  evaluated: z.number(),
  accuracy: z.number().nullable(),
  mae: z.number().nullable(),
});

export async function creditStats(
  query: Query,
  datasetId: string,
  segmentation: string,
): Promise<CreditStats> {
  const inDataset = sql`trajectory_id IN
    (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = ${datasetId})`;
  const credit = sql`SELECT * FROM tw_credit WHERE segmentation = ${segmentation} AND ${inDataset}`;
  const scores = sql`SELECT s.*, t.success, t.reward, t.metadata FROM tw_trajectory_scores s
    JOIN tw_trajectories t USING (trajectory_id)
    WHERE s.segmentation = ${segmentation} AND t.dataset_id = ${datasetId}`;
  const [counts] = await query(
    CountsRow,
    sql`SELECT (SELECT count(*) FROM (${scores}))::INTEGER AS trajectories,
            (SELECT count(*) FROM (${credit}))::INTEGER AS segments,
            (SELECT count(*) FROM (${credit}) WHERE sign_flipped)::INTEGER AS sign_flips`,
  );
  // Average ranks (ties share the mean of their positions), as in shared/rank-metrics.ts.
  const [quality] = await query(
    QualityRow,
    sql`WITH pairs AS (SELECT progress_score AS x, success AS y, reward AS r FROM (${scores})
                    WHERE progress_score IS NOT NULL AND NOT isnan(progress_score)),
     labelled AS (SELECT x, y, rank() OVER (ORDER BY x)
                    + (count(*) OVER (PARTITION BY x) - 1) / 2.0 AS rx
                  FROM pairs WHERE y IS NOT NULL),
     classes AS (SELECT count(*) FILTER (WHERE y) AS pos, count(*) FILTER (WHERE NOT y) AS neg
                 FROM labelled),
     rewarded AS (SELECT rank() OVER (ORDER BY x) + (count(*) OVER (PARTITION BY x) - 1) / 2.0 AS rx,
                         rank() OVER (ORDER BY r) + (count(*) OVER (PARTITION BY r) - 1) / 2.0 AS rr
                  FROM pairs WHERE r IS NOT NULL AND NOT isnan(r))
     SELECT CASE WHEN pos > 0 AND neg > 0 THEN
              ((SELECT sum(rx) FROM labelled WHERE y) - pos * (pos + 1) / 2.0) / (pos * neg) END
              AS auroc,
            (SELECT CASE WHEN count(*) >= 2 AND stddev_pop(rx) > 0 AND stddev_pop(rr) > 0
                    THEN corr(rx, rr) END FROM rewarded) AS spearman
     FROM classes`,
  );
  const [failure] = await query(
    FailureRow,
    sql`WITH truth AS (
       SELECT trajectory_id, failure_step AS predicted,
              TRY_CAST(metadata->>'failure_step' AS INTEGER) AS actual FROM (${scores})
       WHERE failure_step IS NOT NULL AND TRY_CAST(metadata->>'failure_step' AS INTEGER) IS NOT NULL),
     positions AS (
       SELECT t.*, (SELECT min(segment_index) FROM tw_segments s WHERE s.trajectory_id = t.trajectory_id
                      AND s.segmentation = ${segmentation} AND s.turn_end = t.predicted) AS p_step,
                   (SELECT min(segment_index) FROM tw_segments s WHERE s.trajectory_id = t.trajectory_id
                      AND s.segmentation = ${segmentation} AND s.turn_end >= t.actual) AS a_step
       FROM truth t)
     SELECT count(*)::INTEGER AS evaluated, avg((p_step = a_step)::INTEGER) AS accuracy,
            avg(abs(p_step - a_step)) AS mae FROM positions`,
  );
  return {
    trajectories: counts?.trajectories ?? 0,
    segments: counts?.segments ?? 0,
    sign_flips: counts?.sign_flips ?? 0,
    histograms: {
      total: await histogram(query, sql`SELECT total AS x FROM (${credit})`),
      progress_advantage: await histogram(
        query,
        sql`SELECT progress_advantage AS x FROM (${credit})`,
      ),
      progress_score: await histogram(query, sql`SELECT progress_score AS x FROM (${scores})`),
    },
    auroc: quality?.auroc ?? null,
    spearman: quality?.spearman ?? null,
    failure: {
      evaluated: failure?.evaluated ?? 0,
      accuracy: failure?.accuracy ?? null,
      mean_abs_error_steps: failure?.mae ?? null,
    },
  };
}
