// Sends review decisions and undos as the current annotator. A decision is sent at once and the
// screen moves on without waiting; an undo waits for that item's decision to land first, so "u"
// right after "a" undoes the approval rather than racing it.
import { useCallback, useRef, useState } from 'react';
import type { ReviewQueueItem } from '../../../shared/api-review';
import type { RoleLabel } from '../../../shared/model';
import type { ApiError } from '../../../shared/result';
import { useApiWrite } from '../../api/useApiWrite';

export type Decision = 'approve' | 'reject' | 'relabel';

export interface ReviewDecisions {
  error: { error: ApiError; title: string } | null;
  /** Why a key did nothing (e.g. nothing to undo). */
  hint: string | null;
  setHint: (hint: string | null) => void;
  clearError: () => void;
  /** Resolves with the item as decided, or null when the decision failed. */
  decide: (
    item: ReviewQueueItem,
    decision: Decision,
    label?: RoleLabel,
    note?: string,
  ) => Promise<ReviewQueueItem | null>;
  /** Undoes the newest decision made here (or the given item's); resolves with the item. */
  undo: (fallback?: ReviewQueueItem) => Promise<ReviewQueueItem | null>;
}

export function useReviewDecisions(
  by: string,
  apply: (item: ReviewQueueItem) => void,
): ReviewDecisions {
  // A decision or undo adds to the item's event log, and an approval labels the segment: the
  // write refreshes what it declares (shared/api-review.ts).
  const write = useApiWrite();
  const [error, setError] = useState<ReviewDecisions['error']>(null);
  const [hint, setHint] = useState<string | null>(null);
  // Items decided in this session, newest last; "u" walks back through them.
  const decided = useRef<string[]>([]);
  const inFlight = useRef(new Map<string, Promise<unknown>>());

  const decide = useCallback<ReviewDecisions['decide']>(
    (item, decision, label, note) => {
      setError(null);
      setHint(null);
      const sent = write('decideReviewItem', {
        item_id: item.item_id,
        decision,
        ...(label === undefined ? {} : { label }),
        ...(note === undefined || note.trim() === '' ? {} : { note: note.trim() }),
        by,
      }).then((result) => {
        if (!result.ok) {
          setError({ error: result.error, title: `Could not ${decision} ${item.item_id}` });
          return null;
        }
        decided.current = [...decided.current.filter((id) => id !== item.item_id), item.item_id];
        apply(result.value);
        return result.value;
      });
      inFlight.current.set(item.item_id, sent);
      void sent.finally(() => {
        if (inFlight.current.get(item.item_id) === sent) inFlight.current.delete(item.item_id);
      });
      return sent;
    },
    [apply, by, write],
  );

  const undo = useCallback<ReviewDecisions['undo']>(
    async (fallback) => {
      setError(null);
      setHint(null);
      // A decision still on its way is the newest one: wait for it.
      await Promise.all(inFlight.current.values());
      const itemId =
        decided.current.at(-1) ?? (fallback?.status !== 'pending' ? fallback?.item_id : undefined);
      if (itemId === undefined) {
        setHint('Nothing to undo yet.');
        return null;
      }
      const result = await write('undoReviewDecision', { item_id: itemId, by });
      if (!result.ok) {
        setError({ error: result.error, title: `Could not undo the decision on ${itemId}` });
        return null;
      }
      decided.current = decided.current.filter((id) => id !== itemId);
      apply(result.value);
      return result.value;
    },
    [apply, by, write],
  );

  return { error, hint, setHint, clearError: useCallback(() => setError(null), []), decide, undo };
}
