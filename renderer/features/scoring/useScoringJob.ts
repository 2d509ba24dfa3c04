// The score dialog's job (see useJob). Cancel asks the engine to stop; finished trajectories are
// kept.
import { useJob, type Job } from '../../api/useJob';

export type ScoringJob = Job<'startScoring'>;

export function useScoringJob(): ScoringJob {
  return useJob('startScoring');
}
