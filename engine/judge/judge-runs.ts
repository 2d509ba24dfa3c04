// The record of each finished judge run: what was asked of which endpoint and what came of it.
// The API key's variable name is kept with the parameters; the key itself never is.
import {
  JudgeRunSchema,
  JudgeSummarySchema,
  type JudgeRun,
  type JudgeSummary,
} from '../../shared/api-judge';
import { jsonTextColumn } from '../store/row-schemas';
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

/** A tw_judge_runs row; a summary that no longer parses (an older shape) reads as none. */
const RunRow = JudgeRunSchema.extend({
  summary: jsonTextColumn(JudgeSummarySchema).nullable().catch(null),
});

export async function listRuns(workspace: Workspace, datasetId?: string): Promise<JudgeRun[]> {
  const dataset = datasetId ?? null;
  return workspace.queryAs(
    RunRow,
    sql`SELECT run_id, dataset_id, prompt_version, model, endpoint, status, summary::VARCHAR AS summary,
            started_at, finished_at
     FROM tw_judge_runs WHERE ${dataset}::VARCHAR IS NULL OR dataset_id = ${dataset}
     ORDER BY finished_at DESC, run_id`,
  );
}
