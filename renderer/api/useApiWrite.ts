// Writes through the API. Each write method declares the reads it changes beside its schemas
// (`invalidates` in shared/api-<feature>.ts); once a write succeeds, this refetches those reads on
// screen (and marks the others stale), so no view wires what a write changes by hand.
import { useCallback } from 'react';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { Result } from '../../shared/result';
import { useApiClient } from './ApiContext';
import { useInvalidate, useInvalidateAll } from './useInvalidate';

export type ApiWrite = <M extends ApiMethod>(
  method: M,
  input: ApiInput<M>,
) => Promise<Result<ApiOutput<M>>>;

export function useApiWrite(): ApiWrite {
  const client = useApiClient();
  const invalidate = useInvalidate();
  const invalidateAll = useInvalidateAll();
  return useCallback(
    async <M extends ApiMethod>(method: M, input: ApiInput<M>) => {
      const result = await client.call(method, input);
      if (result.ok) {
        // Loaded on the first write: the API table is not part of the app's first screen
        // (e2e/app-start.spec.ts, docs/performance.md).
        const { invalidatedBy } = await import('../../shared/api');
        const reads = invalidatedBy(method);
        if (reads === 'all') void invalidateAll();
        else if (reads.length > 0) void invalidate(...reads);
      }
      return result;
    },
    [client, invalidate, invalidateAll],
  );
}
