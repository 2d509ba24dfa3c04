// Bulk credit in DuckDB SQL, the same definitions as the reference formulas of shared/credit.ts
// (a test holds them equal to 1e-9): per-segment progress advantage from the stored per-token
// log-probs, per-trajectory outcome advantage within its group, TRIAGE credit per segment, and
// the trajectory-level progress score, failure step and best-of-N.
import { ROLE_CONSTANTS, WHITEN_EPS, type CreditParams } from '../../shared/credit';
import { sql, type SqlFragment } from '../store/sql-template';

const STEPS = 'temp.tw_credit_steps';
const OUTCOMES = 'temp.tw_credit_outcomes';

/**
 * Per-turn partial aggregates of one side's token list (combined per segment below). A NaN
 * anywhere makes the sum NaN, which finds it without a second pass (log-probs are never +inf,
 * the one other way to a NaN sum).
 */
function turnPartials(side: 'policy' | 'ref', column: string): string {
  return `len(${column}) AS ${side}_n, list_sum(${column}) AS ${side}_sum,
    list_min(${column}) AS ${side}_min, list_max(${column}) AS ${side}_max,
    ${column}[-1] AS ${side}_last, isnan(list_sum(${column})) AS ${side}_nan`;
}

/**
 * A segment's aggregate of one side's tokens from its turns' partials, with the semantics of
 * aggregateTokens over the concatenated list: empty -> 0, any NaN -> NaN.
 */
function segmentAggregate(side: 'policy' | 'ref', agg: CreditParams['token_agg']): string {
  const n = `coalesce(sum(${side}_n), 0)`;
  const value = {
    mean: `sum(${side}_sum) / ${n}`,
    sum: `sum(${side}_sum)`,
    last: `arg_max(${side}_last, turn_index) FILTER (WHERE ${side}_n > 0)`,
    min: `min(${side}_min)`,
    max: `max(${side}_max)`,
  }[agg];
  return `CASE WHEN ${n} = 0 THEN 0.0 WHEN bool_or(${side}_nan) THEN 'NaN'::DOUBLE
    ELSE ${value} END`;
}

/**
 * One row per segment in scope with A_t = beta * (agg(policy) - agg(ref)) over the tokens of its
 * turns; null when the segment has no policy or no reference log-probs. Tokens are reduced per
 * turn first (vectorised list functions), then per segment, so no token list is rebuilt.
 */
export function stepsSql(params: CreditParams, segmentFilter: SqlFragment): SqlFragment {
  return sql`CREATE OR REPLACE TEMP TABLE tw_credit_steps AS
    WITH expanded AS (
      SELECT s.trajectory_id, s.segment_index, s.turn_end,
             unnest(range(s.turn_start, s.turn_end + 1)) AS turn_index
      FROM tw_segments s WHERE ${segmentFilter}),
    partials AS (
      SELECT trajectory_id, turn_index, logp_policy IS NOT NULL AS has_policy,
             logp_ref IS NOT NULL AS has_ref,
             ${sql.raw(turnPartials('policy', 'logp_policy'))}, ${sql.raw(turnPartials('ref', 'logp_ref'))}
      FROM tw_all_token_logprobs
      WHERE trajectory_id IN (SELECT DISTINCT trajectory_id FROM expanded)),
    joined AS (
      SELECT e.trajectory_id, e.segment_index, e.turn_end,
             count(*) FILTER (WHERE p.has_policy) AS policy_turns,
             count(*) FILTER (WHERE p.has_ref) AS ref_turns,
             ${sql.raw(segmentAggregate('policy', params.token_agg))} AS policy_value,
             ${sql.raw(segmentAggregate('ref', params.token_agg))} AS ref_value
      FROM expanded e LEFT JOIN partials p USING (trajectory_id, turn_index)
      GROUP BY e.trajectory_id, e.segment_index, e.turn_end)
    SELECT trajectory_id, segment_index, turn_end,
      CASE WHEN policy_turns = 0 OR ref_turns = 0 THEN NULL
        ELSE ${sql.raw(String(params.beta))} * (policy_value - ref_value) END AS advantage
    FROM joined`;
}

/** One row per trajectory in scope: its group's outcome advantage and the group's flag. */
export function outcomesSql(params: CreditParams, trajectoryFilter: SqlFragment): SqlFragment {
  const std = params.std === 'sample' ? 'stddev_samp(r)' : 'stddev_pop(r)';
  const centred = 'r - mean_r';
  const advantage = params.advantage === 'grpo' ? `(${centred}) / (sd + ${params.eps})` : centred;
  return sql`CREATE OR REPLACE TEMP TABLE tw_credit_outcomes AS
    WITH rewards AS (
      SELECT trajectory_id, dataset_id, coalesce(group_id, trajectory_id) AS group_key,
             sample_index, CASE WHEN isnan(reward) THEN NULL ELSE reward END AS r
      FROM tw_trajectories WHERE ${trajectoryFilter}),
    stats AS (
      SELECT *, count(r) OVER g AS n, avg(r) OVER g AS mean_r, ${sql.raw(std)} OVER g AS sd,
             max(r) OVER g AS max_r, min(r) OVER g AS min_r
      FROM rewards WINDOW g AS (PARTITION BY dataset_id, group_key))
    SELECT trajectory_id, dataset_id, group_key, sample_index,
      CASE WHEN r IS NULL THEN NULL WHEN n = 1 OR max_r = min_r THEN 0.0
           ELSE ${sql.raw(advantage)} END AS advantage,
      CASE WHEN n = 0 THEN 'no_rewards' WHEN n = 1 THEN 'singleton'
           WHEN max_r = min_r THEN 'zero_variance' END AS flag
    FROM stats`;
}

function roleConstantSql(): string {
  const cases = Object.entries(ROLE_CONSTANTS)
    .map(([role, c]) => `WHEN '${role}' THEN ${c}`)
    .join(' ');
  return `CASE le.role_label ${cases} ELSE 0.0 END`;
}

/** Rows of tw_credit for every segment in scope (after the temp tables are built). */
export function creditInsertSql(params: CreditParams, segmentation: string, paramsJson: string) {
  const bonus = `${params.lambda} * ${roleConstantSql()}`;
  const raw = `o.advantage + ${bonus}`;
  const total = params.whiten
    ? `(${raw} - avg(${raw}) OVER ()) / (coalesce(stddev_pop(${raw}) OVER (), 0) + ${WHITEN_EPS})`
    : raw;
  return `INSERT INTO tw_credit (trajectory_id, segment_index, outcome_advantage, role_bonus,
      progress_advantage, total, sign_flipped, params, segmentation)
    SELECT s.trajectory_id, s.segment_index, o.advantage, ${bonus}, s.advantage, ${total},
      CASE WHEN o.advantage IS NULL THEN NULL
           ELSE (o.advantage > 0 AND ${raw} < 0) OR (o.advantage < 0 AND ${raw} > 0) END,
      '${paramsJson.replaceAll("'", "''")}'::JSON, '${segmentation.replaceAll("'", "''")}'
    FROM ${STEPS} s
    JOIN ${OUTCOMES} o USING (trajectory_id)
    LEFT JOIN labels_effective le ON le.trajectory_id = s.trajectory_id
      AND le.segment_index = s.segment_index AND le.segmentation = '${segmentation.replaceAll("'", "''")}'`;
}

function stepAggregate(agg: CreditParams['step_agg']): string {
  return {
    mean: 'avg(advantage)',
    sum: 'sum(advantage)',
    last: 'max(advantage) FILTER (WHERE pos = steps - 1)',
    max: 'max(advantage)',
    min: 'min(advantage)',
    bottom10: 'avg(advantage) FILTER (WHERE by_value <= greatest(1, ceil(steps / 10)))',
  }[agg];
}

/** The failure step's turn_end, per the chosen method (first step on ties, as the reference). */
function failureTurn(method: CreditParams['failure_method']): string {
  const first = 'max(turn_end) FILTER (WHERE pos = 0)';
  switch (method) {
    case 'min_cumulative':
      return 'max(turn_end) FILTER (WHERE by_cumulative = 1)';
    case 'sharpest_drop':
      return `CASE WHEN min(advantage) >= 0 THEN ${first}
        ELSE max(turn_end) FILTER (WHERE by_value = 1) END`;
    case 'sharpest_abs_drop':
      return `CASE WHEN count(*) < 2 OR min(delta) > 0 THEN ${first}
        ELSE max(turn_end) FILTER (WHERE by_delta = 1) END`;
  }
}

/**
 * Rows of tw_trajectory_scores for every trajectory in scope. Steps are ranked with window
 * functions (no per-trajectory lists are built, so memory stays flat at any size).
 */
export function scoresInsertSql(params: CreditParams, segmentation: string, paramsJson: string) {
  return `INSERT INTO tw_trajectory_scores (trajectory_id, progress_score, failure_step,
      best_in_group, params, segmentation, outcome_advantage, group_flag, n_steps)
    WITH known AS (
      SELECT trajectory_id, segment_index, turn_end, advantage,
        (row_number() OVER w - 1)::INTEGER AS pos,
        count(*) OVER (PARTITION BY trajectory_id) AS steps,
        sum(advantage) OVER (w ROWS UNBOUNDED PRECEDING) AS cumulative,
        advantage - lag(advantage) OVER w AS delta
      FROM ${STEPS} WHERE advantage IS NOT NULL
      WINDOW w AS (PARTITION BY trajectory_id ORDER BY segment_index)),
    ranked_steps AS (
      SELECT *,
        row_number() OVER (PARTITION BY trajectory_id ORDER BY advantage, segment_index)
          AS by_value,
        row_number() OVER (PARTITION BY trajectory_id ORDER BY cumulative, segment_index)
          AS by_cumulative,
        row_number() OVER (PARTITION BY trajectory_id ORDER BY delta NULLS LAST, segment_index)
          AS by_delta
      FROM known),
    per_trajectory AS (
      SELECT trajectory_id, count(*) AS n_steps, bool_or(isnan(advantage)) AS has_nan,
        ${stepAggregate(params.step_agg)} AS score,
        ${failureTurn(params.failure_method)} AS failure_turn
      FROM ranked_steps GROUP BY trajectory_id),
    scored AS (
      SELECT o.trajectory_id, o.dataset_id, o.group_key, o.sample_index, o.advantage, o.flag,
        coalesce(p.n_steps, 0) AS n_steps,
        CASE WHEN p.has_nan THEN NULL ELSE p.score END AS score,
        CASE WHEN p.has_nan THEN NULL ELSE p.failure_turn END AS failure_turn
      FROM ${OUTCOMES} o LEFT JOIN per_trajectory p USING (trajectory_id)),
    ranked AS (
      SELECT *, CASE WHEN score IS NULL THEN NULL ELSE row_number() OVER (
          PARTITION BY dataset_id, group_key, score IS NULL
          ORDER BY score DESC, sample_index NULLS LAST, trajectory_id) = 1 END AS best
      FROM scored)
    SELECT trajectory_id, score, failure_turn, best, '${paramsJson.replaceAll("'", "''")}'::JSON,
      '${segmentation.replaceAll("'", "''")}', advantage, flag, n_steps
    FROM ranked`;
}
