// Fixed-row-height virtualization: which rows of a scrolled box are visible (plus a margin), so
// only those are in the DOM however many rows the result has.
import { useCallback, useState, type UIEvent } from 'react';

const OVERSCAN = 8;

export function useVirtualRows(count: number, rowHeight: number, viewportHeight: number) {
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
  }, []);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN);
  return { first, last, totalHeight: count * rowHeight, onScroll };
}
