// Finished judge evaluations (tw_judge_evals), kept so prompt versions can be compared and kept
// or rolled back on the measured result.
import * as z from 'zod';
import { JudgeEvalSchema, type JudgeEvalRecord } from '../../../shared/api-judge-eval';
import { jsonTextColumn } from '../../store/row-schemas';
import { sql } from '../../store/sql-template';
import type { Workspace } from '../../store/workspace';

export async function saveEval(workspace: Workspace, record: JudgeEvalRecord): Promise<void> {
  const { result } = record;
  await workspace.run(
    sql`INSERT INTO tw_judge_evals (eval_id, prompt_version, model, segmentation, result,
          created_at)
        VALUES (${record.eval_id}, ${result.prompt_version}, ${result.model},
                ${result.segmentation}, ${JSON.stringify(result)},
                ${record.created_at}::TIMESTAMPTZ)`,
  );
}

/** A tw_judge_evals row; a result that no longer parses reads as null. */
const EvalRow = z.object({
  eval_id: z.string(),
  created_at: z.string(),
  result: jsonTextColumn(JudgeEvalSchema).nullable().catch(null),
});

/** Newest first; a stored result that no longer parses (an older shape) is left out. */
export async function listEvals(
  workspace: Workspace,
  promptVersion?: string,
): Promise<JudgeEvalRecord[]> {
  const version = promptVersion ?? null;
  const rows = await workspace.queryAs(
    EvalRow,
    sql`SELECT eval_id,
               strftime(created_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ') AS created_at,
               result::VARCHAR AS result
        FROM tw_judge_evals WHERE ${version}::VARCHAR IS NULL OR prompt_version = ${version}
        ORDER BY created_at DESC, eval_id`,
  );
  return rows.flatMap(({ result, ...row }) => (result === null ? [] : [{ ...row, result }]));
}
