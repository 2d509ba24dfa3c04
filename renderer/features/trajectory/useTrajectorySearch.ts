// Runs searchTrajectory for a (debounced) query; nothing is asked while the query is empty, and
// an answer to an older query is never shown for a newer one.
import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../shared/api';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

type Answer = { query: string; value?: ApiOutput<'searchTrajectory'>; error?: ApiError };

export function useTrajectorySearch(trajectoryId: string, query: string) {
  const client = useApiClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (query === '') return;
    let live = true;
    void client.call('searchTrajectory', { trajectory_id: trajectoryId, query }).then((result) => {
      if (!live) return;
      setAnswer(result.ok ? { query, value: result.value } : { query, error: result.error });
    });
    return () => {
      live = false;
    };
  }, [client, trajectoryId, query]);
  const current = answer !== null && answer.query === query && query !== '' ? answer : null;
  return { data: current?.value, error: current?.error };
}
