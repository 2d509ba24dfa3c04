// The evaluation suite of a judge prompt version (docs/judge.md): the approved counterexamples (their
// human decision is the truth) and every segment with a human label in force (the newest human:*
// label), each with the judge's newest label from that version and its trajectory's outcome.
import * as z from 'zod';
import { RoleLabelSchema } from '../../../shared/api-labels';
import { sql } from '../../store/sql-template';
import type { Workspace } from '../../store/workspace';

const SuiteRowSchema = z.object({
  trajectory_id: z.string(),
  segment_index: z.number(),
  /** The reviewer's decision on an approved or relabeled counterexample, else null. */
  counterexample: RoleLabelSchema.nullable(),
  /** The newest human label, else null. */
  human: RoleLabelSchema.nullable(),
  /** The newest label from the judge source(s) evaluated, else null (unjudged). */
  judge: RoleLabelSchema.nullable(),
  success: z.boolean().nullable(),
});
export type SuiteRow = z.output<typeof SuiteRowSchema>;

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
  return workspace.queryAs(SuiteRowSchema, suiteSql(segmentation, prefix, exact));
}
