// Everything the prompts page shows: the versions, the one in use, and each version's newest
// judge evaluation (the evidence for keeping or rolling back). Evaluations are optional: without
// any (or if they cannot be loaded) the versions still show.
import type { ActiveJudgePrompt, JudgePrompt } from '../../../../shared/api-judge';
import type { JudgeEval } from '../../../../shared/api-judge-eval';
import type { ApiError } from '../../../../shared/result';
import { useApi } from '../../../api/useApi';

export interface PromptVersions {
  prompts: JudgePrompt[] | undefined;
  active: ActiveJudgePrompt | undefined;
  /** The newest evaluation of each version that has one. */
  evals: ReadonlyMap<string, { created_at: string; result: JudgeEval }>;
  error: ApiError | undefined;
  evalError: ApiError | undefined;
}

export function usePromptVersions(): PromptVersions {
  const prompts = useApi('listJudgePrompts', {}, { keepPrevious: true });
  const active = useApi('getActiveJudgePrompt', {}, { keepPrevious: true });
  const evals = useApi('listJudgeEvals', {}, { keepPrevious: true });
  const newest = new Map<string, { created_at: string; result: JudgeEval }>();
  // Newest first: the first record of a version is its latest evaluation.
  for (const record of evals.data?.evals ?? []) {
    if (!newest.has(record.result.prompt_version)) newest.set(record.result.prompt_version, record);
  }
  return {
    prompts: prompts.data?.prompts,
    active: active.data,
    evals: newest,
    error: prompts.error ?? active.error,
    evalError: evals.error,
  };
}
