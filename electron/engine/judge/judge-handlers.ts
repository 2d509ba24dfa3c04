// Handlers of the judge API methods (shared/api-judge.ts).
import type { JUDGE_API, JudgeSummary } from '../../../shared/api-judge';
import type { HandlerContext, HandlersOf } from '../handler-context';
import { createPromptVersion, getPrompt, listPrompts } from './judge-prompts';
import { listRuns } from './judge-runs';
import { assertDataset } from './judge-store';
import { runJudge } from './run-judge';

export function judgeHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof JUDGE_API> {
  return {
    listJudgePrompts: async () => ({ prompts: await listPrompts(workspace) }),
    createJudgePrompt: (request) => createPromptVersion(workspace, request),
    startJudge: async (request) => {
      // A wrong prompt version or dataset is reported now, not as a failed job.
      await getPrompt(workspace, request.prompt_version);
      if (request.dataset_id !== undefined) await assertDataset(workspace, request.dataset_id);
      return jobs.start('judge', (report, signal): Promise<JudgeSummary> =>
        runJudge(workspace, request, report, signal),
      );
    },
    listJudgeRuns: async (request) => ({ runs: await listRuns(workspace, request.dataset_id) }),
  };
}
