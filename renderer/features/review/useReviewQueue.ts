// The review queue under a filter, a page at a time, plus the counts over the whole queue.
// Decided items stay in the list with their new status (so a decision can be looked at and
// undone) until the filter changes; the next page starts after the loaded items that still
// match the filter, since the server no longer counts the others.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewQueueItem, ReviewRule, ReviewStatus } from '../../../shared/api-review';
import type { ApiError } from '../../../shared/result';
import { useApiClient } from '../../api/ApiContext';

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

function matches(item: ReviewQueueItem, filter: ReviewFilter): boolean {
  return (
    (filter.status === 'all' || item.status === filter.status) &&
    (filter.rule === 'all' || item.rule === filter.rule)
  );
}

function request(filter: ReviewFilter, offset: number) {
  return {
    ...(filter.status === 'all' ? {} : { status: filter.status }),
    ...(filter.rule === 'all' ? {} : { rule: filter.rule }),
    offset,
    limit: REVIEW_PAGE,
  };
}

interface Loaded {
  /** The filter (and reload) these items belong to; items of an older one are not shown. */
  key: string;
  items: ReviewQueueItem[] | undefined;
  error: ApiError | undefined;
  hasMore: boolean;
}

export function useReviewQueue(filter: ReviewFilter): ReviewQueue {
  const client = useApiClient();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [counts, setCounts] = useState<ReviewCounts | undefined>(undefined);
  const [nonce, setNonce] = useState(0);
  const loadingMore = useRef(false);
  const key = JSON.stringify([filter, nonce]);
  const mine = loaded !== null && loaded.key === key ? loaded : null;

  useEffect(() => {
    const [current] = JSON.parse(key) as [ReviewFilter];
    void client.call('listReviewQueue', request(current, 0)).then((result) => {
      if (result.ok) {
        setLoaded({
          key,
          items: result.value.items,
          error: undefined,
          hasMore: result.value.items.length < result.value.total,
        });
        setCounts({ by_status: result.value.by_status, by_rule: result.value.by_rule });
      } else {
        setLoaded({ key, items: undefined, error: result.error, hasMore: false });
      }
    });
  }, [client, key]);

  const loadMore = useCallback(() => {
    if (mine?.items === undefined || !mine.hasMore || loadingMore.current) return;
    const [current] = JSON.parse(key) as [ReviewFilter];
    const offset = mine.items.filter((item) => matches(item, current)).length;
    loadingMore.current = true;
    void client.call('listReviewQueue', request(current, offset)).then((result) => {
      loadingMore.current = false;
      setLoaded((shown) => {
        if (shown === null || shown.key !== key) return shown;
        if (!result.ok) return { ...shown, error: result.error, hasMore: false };
        const known = new Set((shown.items ?? []).map((item) => item.item_id));
        return {
          ...shown,
          items: [
            ...(shown.items ?? []),
            ...result.value.items.filter((i) => !known.has(i.item_id)),
          ],
          hasMore: offset + result.value.items.length < result.value.total,
        };
      });
    });
  }, [client, key, mine]);

  const apply = useCallback(
    (item: ReviewQueueItem) => {
      setLoaded((shown) =>
        shown === null
          ? shown
          : { ...shown, items: shown.items?.map((i) => (i.item_id === item.item_id ? item : i)) },
      );
      void client.call('listReviewQueue', { limit: 1 }).then((result) => {
        if (result.ok)
          setCounts({ by_status: result.value.by_status, by_rule: result.value.by_rule });
      });
    },
    [client],
  );

  return {
    items: mine?.items,
    counts,
    error: mine?.error,
    hasMore: mine?.hasMore ?? false,
    loadMore,
    apply,
    reload: useCallback(() => setNonce((n) => n + 1), []),
  };
}
