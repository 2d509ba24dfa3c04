// "Keep as best" / "Roll back": records the verdict, then refreshes the runs (and the best).
import { useState } from 'react';
import type { RunVerdict } from '../../../shared/api-runs';
import type { ApiError } from '../../../shared/result';
import { useApiWrite } from '../../api/useApiWrite';

export type DecideRun = {
  decide: (datasetId: string, verdict: RunVerdict) => Promise<void>;
  /** The run a decision is being recorded for. */
  pending: string | null;
  error: ApiError | null;
  clearError: () => void;
};

export function useDecideRun(): DecideRun {
  const write = useApiWrite();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const decide = async (datasetId: string, verdict: RunVerdict) => {
    setPending(datasetId);
    setError(null);
    const result = await write('decideRun', { dataset_id: datasetId, verdict });
    if (!result.ok) setError(result.error);
    setPending(null);
  };
  return { decide, pending, error, clearError: () => setError(null) };
}
