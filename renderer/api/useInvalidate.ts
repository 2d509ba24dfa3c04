// After a write: mark every cached query of the named API methods stale, so those on screen ask
// again (and the others do when they next mount). Writes name the reads they affect, e.g.
// setLabel -> the label and credit reads, instead of each view counting versions by hand.
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiMethod } from '../../shared/api';

export type Invalidate = (...methods: readonly ApiMethod[]) => Promise<void>;

export function useInvalidate(): Invalidate {
  const queryClient = useQueryClient();
  return useCallback(
    async (...methods) => {
      const filters = {
        predicate: (query: Query) => methods.includes(query.queryKey[0] as ApiMethod),
      };
      // A request still in flight was asked before the write: drop it, so the refetch is new
      // (invalidating alone would wait for that older answer when nothing has loaded yet).
      await queryClient.cancelQueries(filters);
      await queryClient.invalidateQueries(filters);
    },
    [queryClient],
  );
}

/** After an import or a workspace-wide change: everything cached may be out of date. */
export function useInvalidateAll(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries();
  }, [queryClient]);
}
