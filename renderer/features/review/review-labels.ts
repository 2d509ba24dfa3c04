// How the review screen names the queue rules and statuses, and where an item's decision stands.
import type { ReviewQueueItem, ReviewRule, ReviewStatus } from '../../../shared/api-review';
import { stepName } from '../../components/step-names';

/** Short names of the queue rules (docs/review.md documents each). */
export const RULE_NAMES: Record<ReviewRule, string> = {
  regression_in_success: 'Regression in a success',
  progress_in_failure: 'Decisive progress in a failure',
  label_disagreement: 'Labels disagree',
  low_judge_confidence: 'Low judge confidence',
  failure_step_in_success: 'Failure step in a success',
  sign_flip: 'Credit sign flip',
  manual: 'Added by hand',
};

export const STATUS_COLORS: Record<ReviewStatus, 'warning' | 'success' | 'default' | 'info'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'default',
  relabeled: 'info',
};

/**
 * The position of the next pending item after `from`, wrapping around; the item at `from` itself
 * is not a candidate (it was just decided), nor are items whose decision is on its way (`sent`).
 * Null when nothing else is pending.
 */
export function nextPending(
  items: readonly ReviewQueueItem[],
  from: number,
  sent: ReadonlySet<string> = new Set(),
): number | null {
  for (let step = 1; step < items.length; step += 1) {
    const item = items[(from + step) % items.length];
    if (item?.status === 'pending' && !sent.has(item.item_id)) return (from + step) % items.length;
  }
  return null;
}

/** What an item is about, in one line: its trajectory and step. */
export function itemTitle(item: ReviewQueueItem): string {
  return item.segment_index === null
    ? `${item.trajectory_id} · whole trajectory`
    : `${item.trajectory_id} · ${stepName(item.segment_index)}`;
}
