// Rows of a filtered, sorted trajectory list fetched in blocks as they scroll into view, so a
// million-row list costs only the blocks looked at. A new filter or sort starts a fresh cache.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiInput } from '../../../shared/api';
import type { TrajectoryListRow } from '../../../shared/api-explorer';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

export const ROW_BLOCK = 100;

export type RowsQuery = Omit<ApiInput<'listTrajectories'>, 'limit' | 'offset'>;

type Cache = {
  key: string;
  total: number | undefined;
  blocks: ReadonlyMap<number, TrajectoryListRow[]>;
  error: ApiError | undefined;
};

export interface TrajectoryRows {
  /** Rows matching the filter; the previous count while a new filter loads. */
  total: number | undefined;
  loading: boolean;
  error: ApiError | undefined;
  rowAt: (index: number) => TrajectoryListRow | undefined;
  /** Asks for the blocks covering rows [first, last). */
  ensure: (first: number, last: number) => void;
  reload: () => void;
}

export function useTrajectoryRows(query: RowsQuery): TrajectoryRows {
  const client = useApiClient();
  const [nonce, setNonce] = useState(0);
  const key = JSON.stringify([query, nonce]);
  const [cache, setCache] = useState<Cache>({
    key,
    total: undefined,
    blocks: new Map(),
    error: undefined,
  });
  // Blocks asked for under the current key only: coming back to an earlier filter refetches.
  const requested = useRef({ key, blocks: new Set<number>() });
  const [lastTotal, setLastTotal] = useState<number | undefined>(undefined);

  const fetchBlock = useCallback(
    (block: number) => {
      if (requested.current.key !== key) requested.current = { key, blocks: new Set() };
      const asked = requested.current.blocks;
      if (asked.has(block)) return;
      asked.add(block);
      const [input] = JSON.parse(key) as [RowsQuery];
      void client
        .call('listTrajectories', { ...input, limit: ROW_BLOCK, offset: block * ROW_BLOCK })
        .then((result) => {
          if (!result.ok)
            asked.delete(block); // a later scroll may retry it
          else setLastTotal(result.value.total);
          setCache((previous) => {
            const base =
              previous.key === key
                ? previous
                : { key, total: undefined, blocks: new Map(), error: undefined };
            if (!result.ok) return { ...base, error: result.error };
            const blocks = new Map(base.blocks);
            blocks.set(block, result.value.rows);
            return { key, total: result.value.total, blocks, error: undefined };
          });
        });
    },
    [client, key],
  );

  useEffect(() => {
    fetchBlock(0);
  }, [fetchBlock]);

  const current = cache.key === key ? cache : undefined;
  const blocks = current?.blocks;
  const rowAt = useCallback(
    (index: number) => blocks?.get(Math.floor(index / ROW_BLOCK))?.[index % ROW_BLOCK],
    [blocks],
  );
  const ensure = useCallback(
    (first: number, last: number) => {
      const from = Math.floor(first / ROW_BLOCK);
      const to = Math.floor(Math.max(first, last - 1) / ROW_BLOCK);
      for (let block = from; block <= to; block += 1) {
        if (blocks?.has(block) !== true) fetchBlock(block);
      }
    },
    [blocks, fetchBlock],
  );
  const reload = useCallback(() => {
    setNonce((n) => n + 1);
  }, []);
  return {
    total: current?.total ?? lastTotal,
    loading: current === undefined || current.total === undefined,
    error: current?.error,
    rowAt,
    ensure,
    reload,
  };
}
