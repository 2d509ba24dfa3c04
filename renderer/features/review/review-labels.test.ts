import { describe, expect, it } from 'vitest';
import type { ReviewQueueItem, ReviewStatus } from '../../../shared/api-review';
import { nextPending } from './review-labels';

const queue = (statuses: ReviewStatus[]) =>
  statuses.map((status, i) => ({ item_id: `i${i}`, status }) as ReviewQueueItem);

describe('nextPending', () => {
  it('takes the next pending item after the decided one', () => {
    expect(nextPending(queue(['pending', 'approved', 'pending', 'pending']), 0)).toBe(2);
  });
  it('wraps around to earlier pending items', () => {
    expect(nextPending(queue(['pending', 'rejected', 'pending']), 2)).toBe(0);
  });
  it('skips items whose decision is on its way, and the item itself', () => {
    const items = queue(['pending', 'pending', 'pending']);
    expect(nextPending(items, 1, new Set(['i2']))).toBe(0);
    expect(nextPending(items, 1, new Set(['i0', 'i2']))).toBeNull();
    expect(nextPending(queue(['pending']), 0)).toBeNull();
  });
});
