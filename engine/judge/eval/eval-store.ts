// Finished judge evaluations (tw_judge_evals), kept so prompt versions can be compared and kept
// or rolled back on the measured result.
import { JudgeEvalSchema, type JudgeEvalRecord } from '../../../shared/api-judge-eval';
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

/** Newest first; a stored result that no longer parses (an older shape) is left out. */
export async function listEvals(
  workspace: Workspace,
  promptVersion?: string,
): Promise<JudgeEvalRecord[]> {
  const version = promptVersion ?? null;
  const rows = await workspace.query(
    sql`SELECT eval_id,
               strftime(created_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ') AS created_at,
               result::VARCHAR AS result
        FROM tw_judge_evals WHERE ${version}::VARCHAR IS NULL OR prompt_version = ${version}
        ORDER BY created_at DESC, eval_id`,
  );
  return rows.flatMap((row) => {
    const result = JudgeEvalSchema.safeParse(JSON.parse(String(row.result)));
    if (!result.success) return [];
    return [
      { eval_id: String(row.eval_id), created_at: String(row.created_at), result: result.data },
    ];
  });
}
