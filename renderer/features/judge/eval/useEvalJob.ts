// The evaluation page's job (see useJob): judging the suite (optional), then scoring it.
import { useJob, type Job } from '../../../api/useJob';

export type EvalJob = Job<'startJudgeEval'>;

export function useEvalJob(): EvalJob {
  return useJob('startJudgeEval');
}
