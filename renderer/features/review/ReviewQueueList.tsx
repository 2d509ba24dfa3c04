// The queue, virtualized: only the rows in view are in the DOM however long the queue is. A
// plain list, not a listbox, since page keys stand aside inside listboxes. The selected row is
// kept in view; scrolling near the end loads the next page.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { ReviewQueueItem } from '../../../shared/api-review';
import { useFixedRows } from '../../hooks/useFixedRows';
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
  const { scrollerRef, rows, last, totalHeight, scrollToRow } = useFixedRows<HTMLDivElement>({
    count: items.length,
    rowHeight: QUEUE_ROW_HEIGHT,
    viewportHeight: height,
  });
  // Only a new selection scrolls: a page loaded while the list is scrolled leaves it where it is.
  useEffect(() => {
    if (selected >= 0) scrollToRow(selected);
  }, [scrollToRow, selected]);

  useEffect(() => {
    if (hasMore && (last >= items.length - 4 || selected >= items.length - 4)) onNearEnd();
  }, [hasMore, items.length, onNearEnd, selected, last]);

  const shown = rows.map(({ index }) => {
    const item = items[index];
    return item === undefined ? null : (
      <ReviewQueueRow
        key={item.item_id}
        item={item}
        index={index}
        selected={index === selected}
        onSelect={onSelect}
      />
    );
  });
  return (
    <Box
      ref={scrollerRef}
      role="list"
      aria-label="Review queue"
      data-testid="review-queue"
      data-count={items.length}
      sx={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <Box sx={{ height: totalHeight, position: 'relative' }}>{shown}</Box>
      {hasMore && (
        <Typography variant="caption" sx={{ color: 'text.secondary', p: 1, display: 'block' }}>
          Loading more…
        </Typography>
      )}
    </Box>
  );
}
