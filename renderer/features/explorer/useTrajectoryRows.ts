// Rows of a filtered, sorted trajectory list fetched in blocks as they scroll into view, so a
// million-row list costs only the blocks looked at. Each block is its own query
// (`listTrajectories` with limit/offset), so blocks scrolled past stay cached, a new filter or
// sort asks for new keys, and a label write or import refreshes the blocks on screen.
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiInput } from '../../../shared/api';
import type { TrajectoryListRow } from '../../../shared/api-explorer';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';
import { apiQueryKey, callOrThrow, toApiError } from '../../api/query-client';

export const ROW_BLOCK = 100;

export type RowsQuery = Omit<ApiInput<'listTrajectories'>, 'limit' | 'offset'>;

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

/** The listTrajectories input of one block of rows. */
export function rowBlockInput(query: RowsQuery, block: number): ApiInput<'listTrajectories'> {
  return { ...query, limit: ROW_BLOCK, offset: block * ROW_BLOCK };
}

type Span = { key: string; from: number; to: number };

/** `enabled: false` holds the requests back (the explorer waits for its text search). */
export function useTrajectoryRows(query: RowsQuery, enabled = true): TrajectoryRows {
  const client = useApiClient();
  const key = JSON.stringify(query);
  // The blocks on screen, for this filter and sort only: a new one starts from the top.
  const [span, setSpan] = useState<Span>({ key, from: 0, to: 0 });
  const { from, to } = span.key === key ? span : { from: 0, to: 0 };
  const blocks = [0];
  for (let block = Math.max(1, from); block <= to; block += 1) blocks.push(block);

  const results = useQueries({
    queries: blocks.map((block) => {
      const input = rowBlockInput(query, block);
      return {
        queryKey: apiQueryKey('listTrajectories', input),
        queryFn: () => callOrThrow(client, 'listTrajectories', input),
        enabled,
        // Only the first block: its count stands in while a new filter loads (never its rows).
        ...(block === 0 ? { placeholderData: keepPreviousData } : {}),
      };
    }),
  });

  const first = results[0];
  const fresh = first?.isPlaceholderData !== true;
  const rowsByBlock = new Map<number, TrajectoryListRow[]>();
  results.forEach((result, i) => {
    const block = blocks[i];
    if (block !== undefined && result.data !== undefined && (block !== 0 || fresh))
      rowsByBlock.set(block, result.data.rows);
  });
  const rowAt = (index: number) =>
    rowsByBlock.get(Math.floor(index / ROW_BLOCK))?.[index % ROW_BLOCK];
  const ensure = useCallback(
    (firstRow: number, lastRow: number) => {
      const next = {
        key,
        from: Math.floor(firstRow / ROW_BLOCK),
        to: Math.floor(Math.max(firstRow, lastRow - 1) / ROW_BLOCK),
      };
      setSpan((s) => (s.key === next.key && s.from === next.from && s.to === next.to ? s : next));
    },
    [key],
  );
  const failed = results.find((result) => result.isError && !result.isFetching);
  const reload = () => {
    for (const result of results) if (result.isError) void result.refetch();
  };
  return {
    total: first?.data?.total,
    loading: first === undefined || first.isPending || first.isPlaceholderData,
    error: failed === undefined ? undefined : toApiError(failed.error),
    rowAt,
    ensure,
    reload,
  };
}
