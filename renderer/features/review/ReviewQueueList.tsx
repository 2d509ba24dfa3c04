// The queue, virtualized: only the rows in view are in the DOM however long the queue is. A
// plain list, not a listbox, since page keys stand aside inside listboxes. The selected row is
// kept in view; scrolling near the end loads the next page.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { ReviewQueueItem } from '../../../shared/api-review';
import { useVirtualRows } from '../../hooks/useVirtualRows';
import { QUEUE_ROW_HEIGHT, ReviewQueueRow } from './ReviewQueueRow';

type Props = {
  items: ReviewQueueItem[];
  selected: number;
  onSelect: (index: number) => void;
  hasMore: boolean;
  onNearEnd: () => void;
  height: number;
};

export function ReviewQueueList({ items, selected, onSelect, hasMore, onNearEnd, height }: Props) {
  const virtual = useVirtualRows(items.length, QUEUE_ROW_HEIGHT, height);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = scroller.current;
    if (box === null || selected < 0) return;
    const top = selected * QUEUE_ROW_HEIGHT;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + QUEUE_ROW_HEIGHT > box.scrollTop + height)
      box.scrollTop = top + QUEUE_ROW_HEIGHT - height;
  }, [height, selected]);

  useEffect(() => {
    if (hasMore && (virtual.last >= items.length - 4 || selected >= items.length - 4)) onNearEnd();
  }, [hasMore, items.length, onNearEnd, selected, virtual.last]);

  const rows = [];
  for (let index = virtual.first; index < virtual.last; index += 1) {
    const item = items[index];
    if (item === undefined) continue;
    rows.push(
      <ReviewQueueRow
        key={item.item_id}
        item={item}
        index={index}
        selected={index === selected}
        onSelect={onSelect}
      />,
    );
  }
  return (
    <Box
      ref={scroller}
      role="list"
      aria-label="Review queue"
      data-testid="review-queue"
      data-count={items.length}
      onScroll={virtual.onScroll}
      sx={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <Box sx={{ height: virtual.totalHeight, position: 'relative' }}>{rows}</Box>
      {hasMore && (
        <Typography variant="caption" sx={{ color: 'text.secondary', p: 1, display: 'block' }}>
          Loading more…
        </Typography>
      )}
    </Box>
  );
}
