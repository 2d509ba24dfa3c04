// The evaluation suite of a judge prompt version (docs/judge.md): the approved counterexamples (their
// human decision is the truth) and every segment with a human label in force (the newest human:*
// label), each with the judge's newest label from that version and its trajectory's outcome.
import type { RoleLabel } from '../../../shared/model';
import { sql } from '../../store/sql-template';
import type { Workspace } from '../../store/workspace';

export interface SuiteRow {
  trajectory_id: string;
  segment_index: number;
  /** The reviewer's decision on an approved or relabeled counterexample, else null. */
  counterexample: RoleLabel | null;
  /** The newest human label, else null. */
  human: RoleLabel | null;
  /** The newest label from the judge source(s) evaluated, else null (unjudged). */
  judge: RoleLabel | null;
  success: boolean | null;
}

export interface JudgeSourceFilter {
  promptVersion: string;
  /** Only this model's labels; null takes the newest label of any model for this version. */
  model: string | null;
}

// One segment may be queued by several rules; the newest decision about it is the truth. A
// relabeled item's truth is the reviewer's label; an approved one's is its own label if the
// reviewer gave one, else the proposed label.
const suiteSql = (segmentation: string, prefix: string, exact: string | null) => sql`
WITH counterexamples AS (
  SELECT trajectory_id, segment_index,
         CASE WHEN status = 'relabeled' THEN decided_label
              ELSE coalesce(decided_label, proposed) END AS truth
  FROM review_items
  WHERE status IN ('approved', 'relabeled') AND segment_index IS NOT NULL
    AND segmentation = ${segmentation}
  QUALIFY row_number() OVER (
    PARTITION BY trajectory_id, segment_index ORDER BY decided_at DESC, item_id DESC) = 1
),
human AS (
  SELECT trajectory_id, segment_index, role_label AS truth FROM tw_labels
  WHERE starts_with(source, 'human:') AND segmentation = ${segmentation}
  QUALIFY row_number() OVER (
    PARTITION BY trajectory_id, segment_index ORDER BY created_at DESC, label_id DESC) = 1
),
suite AS (
  SELECT trajectory_id, segment_index FROM counterexamples WHERE truth IS NOT NULL
  UNION
  SELECT trajectory_id, segment_index FROM human
),
judged AS (
  SELECT trajectory_id, segment_index, role_label FROM tw_labels
  WHERE segmentation = ${segmentation} AND starts_with(source, ${prefix})
    AND (${exact}::VARCHAR IS NULL OR source = ${exact})
    AND (trajectory_id, segment_index) IN (SELECT (trajectory_id, segment_index) FROM suite)
  QUALIFY row_number() OVER (
    PARTITION BY trajectory_id, segment_index ORDER BY created_at DESC, label_id DESC) = 1
)
SELECT s.trajectory_id, s.segment_index, c.truth AS counterexample, h.truth AS human,
       j.role_label AS judge, t.success
FROM suite s
LEFT JOIN counterexamples c USING (trajectory_id, segment_index)
LEFT JOIN human h USING (trajectory_id, segment_index)
LEFT JOIN judged j USING (trajectory_id, segment_index)
LEFT JOIN tw_trajectories t USING (trajectory_id)
ORDER BY s.trajectory_id, s.segment_index`;

function role(value: unknown): RoleLabel | null {
  return value === null || value === undefined ? null : (String(value) as RoleLabel);
}

/** The prefix of every label source the judge writes for a prompt version. */
export function judgeSourcePrefix(promptVersion: string): string {
  return `judge:${promptVersion}@`;
}

export async function loadSuite(
  workspace: Workspace,
  segmentation: string,
  judge: JudgeSourceFilter,
): Promise<SuiteRow[]> {
  const prefix = judgeSourcePrefix(judge.promptVersion);
  const exact = judge.model === null ? null : `${prefix}${judge.model}`;
  const rows = await workspace.query(suiteSql(segmentation, prefix, exact));
  return rows.map((row) => ({
    trajectory_id: String(row.trajectory_id),
    segment_index: Number(row.segment_index),
    counterexample: role(row.counterexample),
    human: role(row.human),
    judge: role(row.judge),
    success: row.success === null || row.success === undefined ? null : row.success === true,
  }));
}
