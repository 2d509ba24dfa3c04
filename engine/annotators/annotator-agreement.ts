// Several annotators (docs/judge.md): human labels carry the annotator's name in their source
// (human:<name>). Two annotators are compared on the segments both labeled, each with their newest
// label there (a relabel replaces the annotator's earlier one), the first as the reference.
import * as z from 'zod';
import { agreementReport, type LabelPair } from '../../shared/agreement-metrics';
import type { AgreementReport } from '../../shared/api-judge-eval';
import { ROLE_LABELS, type RoleLabel } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

const HUMAN = 'human:';

function isRoleLabel(value: unknown): value is RoleLabel {
  return (ROLE_LABELS as readonly unknown[]).includes(value);
}

export interface AnnotatorSummary {
  name: string;
  /** Segments (of any segmentation) the annotator has a label on. */
  labels: number;
}

/** Everyone who has set a human label, by name, with how many segments they labeled. */
export async function listAnnotators(workspace: Workspace): Promise<AnnotatorSummary[]> {
  return workspace.queryAs(
    z.object({ name: z.string(), labels: z.number() }),
    sql`SELECT substr(source, ${sql.raw(String(HUMAN.length + 1))}) AS name,
               count(DISTINCT (trajectory_id, segmentation, segment_index)) AS labels
        FROM tw_labels WHERE starts_with(source, ${HUMAN})
        GROUP BY source ORDER BY name`,
  );
}

/** Each segment both annotators labeled: a's newest label as reference, b's as prediction. */
export async function annotatorPairs(
  workspace: Workspace,
  a: string,
  b: string,
  segmentation: string,
): Promise<LabelPair[]> {
  const sourceA = `${HUMAN}${a}`;
  const sourceB = `${HUMAN}${b}`;
  const rows = await workspace.queryAs(
    z.object({ reference: z.string(), predicted: z.string() }),
    sql`WITH newest AS (
       SELECT trajectory_id, segment_index, source, role_label FROM tw_labels
       WHERE segmentation = ${segmentation} AND source IN (${sourceA}, ${sourceB})
       QUALIFY row_number() OVER (
         PARTITION BY trajectory_id, segment_index, source
         ORDER BY created_at DESC, label_id DESC) = 1)
     SELECT ra.role_label AS reference, rb.role_label AS predicted
     FROM newest ra JOIN newest rb USING (trajectory_id, segment_index)
     WHERE ra.source = ${sourceA} AND rb.source = ${sourceB}`,
  );
  const pairs: LabelPair[] = [];
  for (const { reference, predicted } of rows) {
    if (isRoleLabel(reference) && isRoleLabel(predicted)) pairs.push({ reference, predicted });
  }
  return pairs;
}

/** Raw agreement (accuracy), Cohen's kappa, per-role scores and confusion of b against a. */
export async function annotatorAgreement(
  workspace: Workspace,
  a: string,
  b: string,
  segmentation: string,
): Promise<AgreementReport> {
  if (a === b) {
    throw new TurnwiseError('invalid_input', 'agreement needs two different annotators');
  }
  return agreementReport(await annotatorPairs(workspace, a, b, segmentation));
}
