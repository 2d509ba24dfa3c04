// Fixed-height rows in a scrolling box of their own, virtualized with TanStack Virtual: only the
// rows in view (plus an overscan) are in the DOM however many there are. A sticky header inside
// the box sits above the rows: they start below it, and a row scrolled to stays clear of it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';

const OVERSCAN = 8;

type Options = {
  count: number;
  rowHeight: number;
  /** The box's height, used until the box is measured (the first render). */
  viewportHeight: number;
  /** Height of a sticky header above the rows, inside the box. */
  headerHeight?: number;
};

export function useFixedRows<T extends HTMLElement>({
  count,
  rowHeight,
  viewportHeight,
  headerHeight = 0,
}: Options) {
  const [scroller, setScroller] = useState<T | null>(null);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // The app does not use the React Compiler, so the virtualizer's mutable instance is fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<T, HTMLElement>({
    count,
    getScrollElement: () => scroller,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: { width: 0, height: viewportHeight },
  });
  /** Scrolls the least that brings the row into view. */
  const scrollToRow = useCallback(
    (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    [virtualizer],
  );
  const scrollToTop = useCallback(() => virtualizer.scrollToOffset(0), [virtualizer]);
  const items = virtualizer.getVirtualItems();
  return {
    /** The ref of the scrolling box. */
    scrollerRef: setScroller,
    /** The rows to render, each with its top inside the rows' box. */
    rows: items.map((item) => ({ index: item.index, top: item.start - headerHeight })),
    /** The rows in the DOM are [first, last). */
    first: items[0]?.index ?? 0,
    last: (items.at(-1)?.index ?? -1) + 1,
    totalHeight: virtualizer.getTotalSize(),
    scrollToRow,
    scrollToTop,
  };
}
