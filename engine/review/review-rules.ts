// The review queue rules (docs/judge.md, docs/review.md): each is a condition over one row of the
// segment evidence below, built only from the public views (segments, trajectories, labels,
// labels_effective, credit, trajectory_scores), with the label it proposes and a reason in words.
// The evidence is read for one segmentation and one dataset (or all); the rules' thresholds are
// the columns of params (min_confidence, min_progress_drop).
import type { ReviewRule } from '../../shared/api-review';
import { sql, type SqlFragment } from '../store/sql-template';

/** A rule applied by the queue job (every rule but 'manual'). */
export type QueueRule = Exclude<ReviewRule, 'manual'>;

interface RuleSql {
  /** Condition over an evidence row. */
  where: string;
  /** The label put up for approval (SQL over an evidence row; may be NULL). */
  proposed: string;
  /** The reason in words (SQL over an evidence row). */
  reason: string;
}

/** ' (0.91)' for a confidence, '' without one. */
const conf = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN '' ELSE ' (' || printf('%.2f', ${column}) || ')' END`;
const effectiveKind = `split_part(effective_source, ':', 1)`;

export const RULE_SQL: Record<QueueRule, RuleSql> = {
  regression_in_success: {
    where: `success AND effective = 'regression'`,
    proposed: `'regression'`,
    reason: `${effectiveKind} || ' says regression' || ${conf('effective_confidence')} || ' in a successful trajectory'`,
  },
  progress_in_failure: {
    where: `success = false AND effective = 'decisive_progress'`,
    proposed: `'decisive_progress'`,
    reason: `${effectiveKind} || ' says decisive_progress' || ${conf('effective_confidence')} || ' in a failed trajectory'`,
  },
  label_disagreement: {
    where: `(SELECT count(DISTINCT x) FROM (SELECT unnest([human, judge, heuristic]) AS x)) > 1`,
    proposed: `coalesce(human, judge)`,
    reason: `'labels disagree: ' || concat_ws(', ',
      CASE WHEN human IS NOT NULL THEN 'human ' || human END,
      CASE WHEN judge IS NOT NULL THEN 'judge ' || judge || ${conf('judge_confidence')} END,
      CASE WHEN heuristic IS NOT NULL THEN 'heuristic ' || heuristic END)`,
  },
  low_judge_confidence: {
    where: `effective_source LIKE 'judge:%' AND effective_confidence < min_confidence`,
    proposed: `effective`,
    reason: `'judge says ' || effective || ' with low confidence ' ||
      printf('%.2f', effective_confidence) || ' (< ' || printf('%.2f', min_confidence) || ')'`,
  },
  // Only a real drop: the failure method falls back to the first step when nothing dropped.
  failure_step_in_success: {
    where: `success AND failure_step BETWEEN turn_start AND turn_end
      AND progress_drop > min_progress_drop`,
    proposed: `'regression'`,
    reason: `'progress drops by ' || printf('%.3f', progress_drop) || ' (> ' ||
      printf('%.3f', min_progress_drop) || ') at the failure step (turn ' || failure_step ||
      ') in this segment of a successful trajectory'`,
  },
  sign_flip: {
    where: `sign_flipped`,
    proposed: `effective`,
    reason: `'role bonus of ' || coalesce(effective, 'its label') || ' flips the sign of the ' ||
      'outcome advantage (' || printf('%.3f', outcome_advantage) || ' -> total ' ||
      printf('%.3f', credit_total) || ')'`,
  },
};

export const QUEUE_RULES = Object.keys(RULE_SQL) as QueueRule[];

/** Whose evidence: one segmentation, and one dataset or (null) every dataset. */
export interface EvidenceScope {
  segmentation: string;
  datasetId: string | null;
}

const byKind = (kind: string, segmentation: string) => sql`
  SELECT trajectory_id, segment_index, role_label, source, confidence FROM labels
  WHERE segmentation = ${segmentation} AND source LIKE ${sql.raw(`'${kind}:%'`)}
  QUALIFY row_number() OVER (PARTITION BY trajectory_id, segment_index
                             ORDER BY created_at DESC, source DESC) = 1`;

/**
 * One row per segment of the scope: the newest label of each source kind, the label in force,
 * the trajectory's outcome, the segment's credit and the trajectory's predicted failure step.
 * `extra` narrows it further (a condition on s.trajectory_id / s.segment_index).
 */
export function evidenceSql(
  { segmentation, datasetId }: EvidenceScope,
  extra: SqlFragment = sql`true`,
): SqlFragment {
  return sql`
  WITH human AS (${byKind('human', segmentation)}), judge AS (${byKind('judge', segmentation)}),
       heuristic AS (${byKind('heuristic', segmentation)})
  SELECT s.trajectory_id, s.segment_index, s.turn_start, s.turn_end, t.success, t.reward,
         e.role_label AS effective, e.source AS effective_source,
         e.confidence AS effective_confidence,
         h.role_label AS human, h.source AS human_source,
         j.role_label AS judge, j.source AS judge_source, j.confidence AS judge_confidence,
         u.role_label AS heuristic, u.source AS heuristic_source,
         u.confidence AS heuristic_confidence,
         c.total AS credit_total, c.sign_flipped, c.outcome_advantage, c.role_bonus,
         c.progress_advantage,
         -- How far the running progress sum falls over this step (docs/review.md); NaN is none.
         CASE WHEN isnan(c.progress_advantage) THEN NULL ELSE -c.progress_advantage END
           AS progress_drop,
         ts.failure_step
  FROM segments s
  JOIN trajectories t ON t.trajectory_id = s.trajectory_id
  LEFT JOIN labels_effective e ON e.trajectory_id = s.trajectory_id
    AND e.segment_index = s.segment_index AND e.segmentation = ${segmentation}
  LEFT JOIN human h ON h.trajectory_id = s.trajectory_id AND h.segment_index = s.segment_index
  LEFT JOIN judge j ON j.trajectory_id = s.trajectory_id AND j.segment_index = s.segment_index
  LEFT JOIN heuristic u ON u.trajectory_id = s.trajectory_id
    AND u.segment_index = s.segment_index
  LEFT JOIN credit c ON c.trajectory_id = s.trajectory_id AND c.segment_index = s.segment_index
    AND c.segmentation = ${segmentation}
  LEFT JOIN trajectory_scores ts ON ts.trajectory_id = s.trajectory_id
    AND ts.segmentation = ${segmentation}
  WHERE s.segmentation = ${segmentation}
    AND (${datasetId}::VARCHAR IS NULL OR t.dataset_id = ${datasetId}) AND ${extra}`;
}

const labelJson = (label: string, source: string, confidence: string) =>
  `CASE WHEN ${label} IS NULL THEN NULL ELSE
     json_object('label', ${label}, 'source', ${source}, 'confidence', ${confidence}) END`;

/** The evidence JSON of an evidence row (what the reviewer sees beside the proposal). */
export const EVIDENCE_JSON = `json_object(
  'labels', json_object(
    'human', ${labelJson('human', 'human_source', 'NULL::DOUBLE')},
    'judge', ${labelJson('judge', 'judge_source', 'judge_confidence')},
    'heuristic', ${labelJson('heuristic', 'heuristic_source', 'heuristic_confidence')},
    'in_force', ${labelJson('effective', 'effective_source', 'effective_confidence')}),
  'success', success, 'reward', reward,
  'credit', CASE WHEN credit_total IS NULL AND sign_flipped IS NULL THEN NULL ELSE json_object(
    'total', credit_total, 'sign_flipped', sign_flipped,
    'outcome_advantage', outcome_advantage, 'role_bonus', role_bonus,
    'progress_advantage', progress_advantage) END,
  'failure_step', failure_step, 'turn_start', turn_start, 'turn_end', turn_end)`;

/** The rules' thresholds (docs/review.md). */
export interface RuleThresholds {
  /** low_judge_confidence: judge labels below this confidence. */
  minConfidence: number;
  /** failure_step_in_success: the progress drop at the failure step must exceed this. */
  minProgressDrop: number;
}

/** Every candidate of the given rules: rule, trajectory, segment, proposed, reason, evidence. */
export function candidatesSql(
  rules: QueueRule[],
  scope: EvidenceScope,
  { minConfidence, minProgressDrop }: RuleThresholds,
): SqlFragment {
  const parts = rules.map((rule) => {
    const { proposed, reason, where } = RULE_SQL[rule];
    return `SELECT '${rule}' AS rule, trajectory_id, segment_index, ${proposed} AS proposed,
              ${reason} AS reason, ${EVIDENCE_JSON} AS evidence
            FROM evidence, params WHERE ${where}`;
  });
  return sql`WITH params AS (SELECT ${minConfidence}::DOUBLE AS min_confidence,
                                    ${minProgressDrop}::DOUBLE AS min_progress_drop),
    evidence AS (${evidenceSql(scope)})
    ${sql.raw(parts.join(' UNION ALL '))}`;
}

/** The deterministic id of a queue item (SQL; re-running a rule finds the items it made). */
export const itemIdSql = (rule: string, segmentation: string, segment: string) =>
  sql`left(sha256(${sql.raw(rule)} || '|' || trajectory_id || '|' || ${segmentation} || '|' ||
    coalesce(CAST(${sql.raw(segment)} AS VARCHAR), '')), 20)`;
