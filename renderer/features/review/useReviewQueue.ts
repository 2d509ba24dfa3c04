// The review queue under a filter, a page at a time, plus the counts over the whole queue, both
// through the query cache. The server's answer to each decision made here stands in for the
// listed item rather than the list being fetched again, and the list shows only the items that
// match the filter as last decided: under "pending", a decided item leaves the list (an undo
// brings it back); under "all" it stays with its new status. The next page starts after the
// loaded items that still match the filter, since the server no longer counts the others.
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiInput, ApiOutput } from '../../../shared/api';
import type { ReviewQueueItem, ReviewRule, ReviewStatus } from '../../../shared/api-review';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';
import { apiQueryKey, callOrThrow, toApiError } from '../../api/query-client';
import { useApi } from '../../api/useApi';
import { useInvalidate } from '../../api/useInvalidate';

export const REVIEW_PAGE = 500;

export interface ReviewFilter {
  status: ReviewStatus | 'all';
  rule: ReviewRule | 'all';
}

export interface ReviewCounts {
  by_status: Record<string, number>;
  by_rule: Record<string, number>;
}

export interface ReviewQueue {
  items: ReviewQueueItem[] | undefined;
  counts: ReviewCounts | undefined;
  error: ApiError | undefined;
  hasMore: boolean;
  loadMore: () => void;
  /** Puts an item as the server answered it in place of the listed one, and refreshes counts. */
  apply: (item: ReviewQueueItem) => void;
  reload: () => void;
}

type Page = ApiOutput<'listReviewQueue'>;

function matches(item: ReviewQueueItem, filter: ReviewFilter): boolean {
  return (
    (filter.status === 'all' || item.status === filter.status) &&
    (filter.rule === 'all' || item.rule === filter.rule)
  );
}

function request(filter: ReviewFilter, offset: number): ApiInput<'listReviewQueue'> {
  return {
    ...(filter.status === 'all' ? {} : { status: filter.status }),
    ...(filter.rule === 'all' ? {} : { rule: filter.rule }),
    offset,
    limit: REVIEW_PAGE,
  };
}

// The counts do not depend on the filter (the server counts the whole queue): one small query.
const COUNTS = { limit: 1 } as const;

type Decided = ReadonlyMap<string, ReviewQueueItem>;

/** The loaded items, each once, as last decided here where it was. */
function listed(pages: readonly Page[], decided: Decided): ReviewQueueItem[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.items)
    .filter((item) => !seen.has(item.item_id) && seen.add(item.item_id))
    .map((item) => decided.get(item.item_id) ?? item);
}

export function useReviewQueue(filter: ReviewFilter): ReviewQueue {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const [decided, setDecided] = useState<Decided>(() => new Map());
  const select = useCallback(
    (data: InfiniteData<Page, number>) =>
      listed(data.pages, decided).filter((item) => matches(item, filter)),
    [decided, filter],
  );
  const pages = useInfiniteQuery({
    queryKey: apiQueryKey('listReviewQueue', request(filter, 0)),
    queryFn: ({ pageParam }) => callOrThrow(client, 'listReviewQueue', request(filter, pageParam)),
    initialPageParam: 0,
    getNextPageParam: (last: Page, all: Page[], lastOffset: number) =>
      lastOffset + last.items.length >= last.total
        ? undefined
        : listed(all, decided).filter((item) => matches(item, filter)).length,
    select,
    // A filter left is dropped, so coming back to it lists the queue afresh.
    gcTime: 0,
  });
  const counts = useApi('listReviewQueue', COUNTS);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const apply = useCallback(
    (item: ReviewQueueItem) => {
      setDecided((previous) => new Map(previous).set(item.item_id, item));
      // An undone item that the loaded pages no longer hold (they were fetched again while it
      // was decided) is only shown by listing afresh.
      const loaded = queryClient
        .getQueryData<InfiniteData<Page, number>>(
          apiQueryKey('listReviewQueue', request(filter, 0)),
        )
        ?.pages.some((page) => page.items.some((listed) => listed.item_id === item.item_id));
      if (loaded !== true && matches(item, filter)) void invalidate('listReviewQueue');
      // Only the counts and the rules' precision: the list is not fetched again for each
      // decision (it may be many pages), the answer above stands in for the item.
      void queryClient.invalidateQueries({
        queryKey: apiQueryKey('listReviewQueue', COUNTS),
        exact: true,
      });
      void invalidate('getReviewRuleStats');
    },
    [filter, invalidate, queryClient],
  );

  const failed = pages.isError && !pages.isFetching;
  return {
    items: failed ? undefined : pages.data,
    counts: counts.data,
    error: failed ? toApiError(pages.error) : undefined,
    hasMore: !failed && hasNextPage,
    loadMore,
    apply,
    // The list, the counts and the precision (after the queue rules ran, or to retry).
    reload: useCallback(
      () => void invalidate('listReviewQueue', 'getReviewRuleStats'),
      [invalidate],
    ),
  };
}
