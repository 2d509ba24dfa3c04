// Reads stored credit: one trajectory's segments and scores, and a dataset's distributions and
// score quality (AUROC / Spearman against the outcome, failure-step accuracy against the data's
// own ground truth where it has one). Run on a workspace or inside a preview's transaction.
import type { CreditStats, SegmentCredit } from '../../../shared/api-credit';
import type { Row } from '../store/workspace';

export type Query = (sql: string, params?: (string | number)[]) => Promise<Row[]>;

const BINS = 20;

export async function trajectoryCredit(query: Query, trajectoryId: string, segmentation: string) {
  const segments = await query(
    `SELECT s.segment_index, s.turn_start, s.turn_end, le.role_label, le.source AS label_source,
            c.outcome_advantage, c.role_bonus, c.progress_advantage, c.total, c.sign_flipped,
            c.params::VARCHAR AS params
     FROM tw_segments s
     LEFT JOIN tw_credit c ON c.trajectory_id = s.trajectory_id
       AND c.segment_index = s.segment_index AND c.segmentation = s.segmentation
     LEFT JOIN labels_effective le ON le.trajectory_id = s.trajectory_id
       AND le.segment_index = s.segment_index AND le.segmentation = s.segmentation
     WHERE s.trajectory_id = $1 AND s.segmentation = $2 ORDER BY s.segment_index`,
    [trajectoryId, segmentation],
  );
  const [score] = await query(
    `SELECT progress_score, failure_step, best_in_group, outcome_advantage, group_flag, n_steps,
            params::VARCHAR AS params
     FROM tw_trajectory_scores WHERE trajectory_id = $1 AND segmentation = $2`,
    [trajectoryId, segmentation],
  );
  const paramsText = score?.params ?? segments.find((s) => s.params !== null)?.params ?? null;
  return {
    segments: segments.map(({ params: _params, ...segment }) => segment) as SegmentCredit[],
    score: score
      ? (({ params: _params, ...rest }) => rest)(score as Row & { params: unknown })
      : null,
    params:
      typeof paramsText === 'string' ? (JSON.parse(paramsText) as Record<string, unknown>) : null,
  } as {
    segments: SegmentCredit[];
    score: null | {
      progress_score: number | null;
      failure_step: number | null;
      best_in_group: boolean | null;
      outcome_advantage: number | null;
      group_flag: string | null;
      n_steps: number | null;
    };
    params: Record<string, unknown> | null;
  };
}

async function histogram(query: Query, valuesSql: string, params: (string | number)[]) {
  const rows = await query(
    `WITH v AS (SELECT x FROM (${valuesSql}) WHERE x IS NOT NULL AND NOT isnan(x)),
          b AS (SELECT min(x) AS lo, max(x) AS hi FROM v)
     SELECT lo, hi, CASE WHEN hi = lo THEN 0
                         ELSE least(${BINS - 1}, floor((x - lo) / (hi - lo) * ${BINS}))::INTEGER
                    END AS bin, count(*)::INTEGER AS n
     FROM v, b GROUP BY ALL`,
    params,
  );
  const counts = new Array<number>(BINS).fill(0);
  for (const row of rows) counts[Number(row.bin)] = Number(row.n);
  const first = rows[0];
  return {
    min: first ? Number(first.lo) : null,
    max: first ? Number(first.hi) : null,
    counts,
  };
}

export async function creditStats(
  query: Query,
  datasetId: string,
  segmentation: string,
): Promise<CreditStats> {
  const p = [datasetId, segmentation];
  const inDataset = `trajectory_id IN (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = $1)`;
  const credit = `SELECT * FROM tw_credit WHERE segmentation = $2 AND ${inDataset}`;
  const scores = `SELECT s.*, t.success, t.reward, t.metadata FROM tw_trajectory_scores s
    JOIN tw_trajectories t USING (trajectory_id) WHERE s.segmentation = $2 AND t.dataset_id = $1`;
  const [counts] = await query(
    `SELECT (SELECT count(*) FROM (${scores}))::INTEGER AS trajectories,
            (SELECT count(*) FROM (${credit}))::INTEGER AS segments,
            (SELECT count(*) FROM (${credit}) WHERE sign_flipped)::INTEGER AS sign_flips`,
    p,
  );
  // Average ranks (ties share the mean of their positions), as in shared/rank-metrics.ts.
  const [quality] = await query(
    `WITH pairs AS (SELECT progress_score AS x, success AS y, reward AS r FROM (${scores})
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
    p,
  );
  const [failure] = await query(
    `WITH truth AS (
       SELECT trajectory_id, failure_step AS predicted,
              TRY_CAST(metadata->>'failure_step' AS INTEGER) AS actual FROM (${scores})
       WHERE failure_step IS NOT NULL AND TRY_CAST(metadata->>'failure_step' AS INTEGER) IS NOT NULL),
     positions AS (
       SELECT t.*, (SELECT min(segment_index) FROM tw_segments s WHERE s.trajectory_id = t.trajectory_id
                      AND s.segmentation = $2 AND s.turn_end = t.predicted) AS p_step,
                   (SELECT min(segment_index) FROM tw_segments s WHERE s.trajectory_id = t.trajectory_id
                      AND s.segmentation = $2 AND s.turn_end >= t.actual) AS a_step
       FROM truth t)
     SELECT count(*)::INTEGER AS evaluated, avg((p_step = a_step)::INTEGER) AS accuracy,
            avg(abs(p_step - a_step)) AS mae FROM positions`,
    p,
  );
  return {
    trajectories: Number(counts?.trajectories ?? 0),
    segments: Number(counts?.segments ?? 0),
    sign_flips: Number(counts?.sign_flips ?? 0),
    histograms: {
      total: await histogram(query, `SELECT total AS x FROM (${credit})`, p),
      progress_advantage: await histogram(
        query,
        `SELECT progress_advantage AS x FROM (${credit})`,
        p,
      ),
      progress_score: await histogram(query, `SELECT progress_score AS x FROM (${scores})`, p),
    },
    auroc: quality?.auroc === null || quality?.auroc === undefined ? null : Number(quality.auroc),
    spearman:
      quality?.spearman === null || quality?.spearman === undefined
        ? null
        : Number(quality.spearman),
    failure: {
      evaluated: Number(failure?.evaluated ?? 0),
      accuracy:
        failure?.accuracy === null || failure?.accuracy === undefined
          ? null
          : Number(failure.accuracy),
      mean_abs_error_steps:
        failure?.mae === null || failure?.mae === undefined ? null : Number(failure.mae),
    },
  };
}
