// The 'evaluate' job: measures a judge prompt version against the suite (docs/judge.md). With an
// endpoint, the suite segments lacking this version's label are judged first through the judge's
// own run (cache, concurrency, retries, cancel, a judge-run record); then the suite is scored and
// the result stored, so versions can be compared later.
import { randomUUID } from 'node:crypto';
import type { ApiRequest } from '../../../shared/api';
import type { JudgeEval, JudgeEvalRecord } from '../../../shared/api-judge-eval';
import { StartJudgeInputSchema } from '../../../shared/api-judge';
import type { Progress } from '../../core/jobs';
import { segmentKey } from '../judge-store';
import { runJudge } from '../run-judge';
import type { Workspace } from '../../store/workspace';
import { scoreSuite } from './eval-scores';
import { saveEval } from './eval-store';
import { loadSuite, type JudgeSourceFilter } from './eval-suite';

export type EvalRequest = ApiRequest<'startJudgeEval'>;

async function judgeMissing(
  workspace: Workspace,
  request: EvalRequest & { endpoint: string; model: string },
  report: (progress: Progress) => void,
  signal: AbortSignal,
  env: Record<string, string | undefined>,
): Promise<JudgeEval['judging']> {
  const filter = { promptVersion: request.prompt_version, model: request.model };
  const missing = (await loadSuite(workspace, request.segmentation, filter)).filter(
    (row) => row.judge === null,
  );
  if (missing.length === 0) return null;
  const judgeRequest = {
    ...StartJudgeInputSchema.parse({
      trajectory_ids: [...new Set(missing.map((row) => row.trajectory_id))],
      endpoint: request.endpoint,
      model: request.model,
      segmentation: request.segmentation,
      ...(request.api_key_env === undefined ? {} : { api_key_env: request.api_key_env }),
      ...(request.concurrency === undefined ? {} : { concurrency: request.concurrency }),
      ...(request.server === undefined ? {} : { server: request.server }),
    }),
    prompt_version: request.prompt_version,
  };
  const only = new Set(missing.map((row) => segmentKey(row.trajectory_id, row.segment_index)));
  const judged = (progress: Progress) =>
    report({ ...progress, message: `judging the suite: ${progress.message}` });
  const summary = await runJudge(workspace, judgeRequest, judged, signal, env, only);
  const { run_id, segments, labeled, cached, failed, prompt_tokens, completion_tokens } = summary;
  return { run_id, segments, labeled, cached, failed, prompt_tokens, completion_tokens };
}

export async function runEvaluation(
  workspace: Workspace,
  request: EvalRequest,
  report: (progress: Progress) => void,
  signal: AbortSignal,
  env: Record<string, string | undefined> = process.env,
): Promise<JudgeEvalRecord> {
  const { endpoint, model } = request;
  report({ done: 0, total: null, unit: 'segments', message: 'reading the suite' });
  const judging =
    endpoint !== undefined && model !== undefined
      ? await judgeMissing(workspace, { ...request, endpoint, model }, report, signal, env)
      : null;
  report({ done: 0, total: null, unit: 'segments', message: 'scoring the suite' });
  const filter: JudgeSourceFilter = { promptVersion: request.prompt_version, model: model ?? null };
  const rows = await loadSuite(workspace, request.segmentation, filter);
  const result: JudgeEval = {
    prompt_version: request.prompt_version,
    model: model ?? null,
    segmentation: request.segmentation,
    ...scoreSuite(rows),
    judging,
  };
  const record = { eval_id: randomUUID(), created_at: new Date().toISOString(), result };
  await saveEval(workspace, record);
  report({
    done: rows.length,
    total: rows.length,
    unit: 'segments',
    message: `scored ${rows.length - result.unjudged} of ${rows.length} suite segments`,
  });
  return record;
}
