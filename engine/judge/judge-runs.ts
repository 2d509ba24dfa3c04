// The record of each finished judge run: what was asked of which endpoint and what came of it.
// The API key's variable name is kept with the parameters; the key itself never is.
import { JudgeSummarySchema, type JudgeRun, type JudgeSummary } from '../../shared/api-judge';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

export interface RunRecord {
  run_id: string;
  dataset_id: string | null;
  prompt_version: string;
  model: string;
  endpoint: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  params: Record<string, unknown>;
  summary: JudgeSummary;
  started_at: Date;
}

export async function saveRun(workspace: Workspace, run: RunRecord): Promise<void> {
  await workspace.run(
    sql`INSERT INTO tw_judge_runs (run_id, dataset_id, prompt_version, model, endpoint, status,
          params, summary, started_at, finished_at)
        VALUES (${run.run_id}, ${run.dataset_id}, ${run.prompt_version}, ${run.model},
                ${run.endpoint}, ${run.status}, ${JSON.stringify(run.params)},
                ${JSON.stringify(run.summary)}, ${run.started_at.toISOString()}::TIMESTAMPTZ,
                now())`,
  );
}

export async function listRuns(workspace: Workspace, datasetId?: string): Promise<JudgeRun[]> {
  const dataset = datasetId ?? null;
  const rows = await workspace.query(
    sql`SELECT run_id, dataset_id, prompt_version, model, endpoint, status, summary::VARCHAR AS summary,
            started_at, finished_at
     FROM tw_judge_runs WHERE ${dataset}::VARCHAR IS NULL OR dataset_id = ${dataset}
     ORDER BY finished_at DESC, run_id`,
  );
  return rows.map((row) => {
    const summary =
      row.summary === null ? null : JudgeSummarySchema.safeParse(JSON.parse(String(row.summary)));
    return {
      run_id: String(row.run_id),
      dataset_id: row.dataset_id === null ? null : String(row.dataset_id),
      prompt_version: String(row.prompt_version),
      model: String(row.model),
      endpoint: String(row.endpoint),
      status: String(row.status),
      started_at: String(row.started_at),
      finished_at: String(row.finished_at),
      summary: summary?.success === true ? summary.data : null,
    };
  });
}
