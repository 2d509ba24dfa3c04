// Handlers of the judge API methods (shared/api-judge.ts).
import type { JUDGE_API, JudgeSummary } from '../../shared/api-judge';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { endpointKey } from '../endpoints/endpoint-key';
import { requireDataset } from '../store/require';
import { getActivePrompt, setActivePrompt } from './active-prompt';
import { chatCompletionsUrl } from './judge-client';
import { createPromptVersion, getPrompt, listPrompts } from './judge-prompts';
import { listRuns } from './judge-runs';
import { runJudge } from './run-judge';

export function judgeHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof JUDGE_API> {
  return {
    listJudgePrompts: async () => ({ prompts: await listPrompts(workspace) }),
    createJudgePrompt: (request) => createPromptVersion(workspace, request),
    getActiveJudgePrompt: () => getActivePrompt(workspace),
    setActiveJudgePrompt: (request) => setActivePrompt(workspace, request.version_id),
    startJudge: async (request) => {
      // Without a named version, the one in use now (a later change does not alter this run).
      const promptVersion = request.prompt_version ?? (await getActivePrompt(workspace)).version_id;
      // A wrong prompt version, dataset or key (endpoint-key.ts) is reported now, not as a failed job.
      await getPrompt(workspace, promptVersion);
      if (request.dataset_id !== undefined) await requireDataset(workspace, request.dataset_id);
      endpointKey(request.api_key_env, chatCompletionsUrl(request.endpoint), process.env);
      const resolved = { ...request, prompt_version: promptVersion };
      return jobs.start('judge', (report, signal): Promise<JudgeSummary> =>
        runJudge(workspace, resolved, report, signal),
      );
    },
    listJudgeRuns: async (request) => ({ runs: await listRuns(workspace, request.dataset_id) }),
  };
}
