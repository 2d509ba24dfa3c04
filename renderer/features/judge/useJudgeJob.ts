// The judge dialog's job (see useJob). Cancel aborts the in-flight requests; labels already
// written are kept.
import { useJob, type Job } from '../../api/useJob';

export type JudgeJob = Job<'startJudge'>;

export function useJudgeJob(): JudgeJob {
  return useJob('startJudge');
}
