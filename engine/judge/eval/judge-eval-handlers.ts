// Handlers of the judge-evaluation API methods (shared/api-judge-eval.ts).
import type { JUDGE_EVAL_API, JudgeEvalRecord } from '../../../shared/api-judge-eval';
import { TurnwiseError } from '../../../shared/result';
import type { HandlerContext, HandlersOf } from '../../core/handler-context';
import { DEFAULT_API_KEY_ENV } from '../../../shared/api-judge';
import { endpointKey } from '../../endpoints/endpoint-key';
import { chatCompletionsUrl } from '../judge-client';
import { getPrompt } from '../judge-prompts';
import { listEvals } from './eval-store';
import { runEvaluation } from './run-evaluation';

export function evaluationHandlers({
  workspace,
  jobs,
}: HandlerContext): HandlersOf<typeof JUDGE_EVAL_API> {
  return {
    listJudgeEvals: async (request) => ({
      evals: await listEvals(workspace, request.prompt_version),
    }),
    startJudgeEval: async (request) => {
      // Mistakes are reported now, not as a failed job.
      if (request.endpoint !== undefined && request.model === undefined) {
        throw new TurnwiseError(
          'invalid_input',
          'judging the suite needs a model with the endpoint',
        );
      }
      if (request.endpoint === undefined && request.api_key_env !== undefined) {
        throw new TurnwiseError('invalid_input', 'api_key_env goes with an endpoint');
      }
      if (request.endpoint === undefined && request.concurrency !== undefined) {
        throw new TurnwiseError('invalid_input', 'concurrency goes with an endpoint');
      }
      if (request.endpoint !== undefined) {
        const keyName = request.api_key_env ?? DEFAULT_API_KEY_ENV;
        endpointKey(keyName, chatCompletionsUrl(request.endpoint), process.env);
      }
      await getPrompt(workspace, request.prompt_version);
      return jobs.start('evaluate', (report, signal): Promise<JudgeEvalRecord> =>
        runEvaluation(workspace, request, report, signal),
      );
    },
  };
}
