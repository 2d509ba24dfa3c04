// The transcript's virtualizer (TanStack Virtual) against the turn list's scrolling ancestor (the
// app's main area): only the cards in view plus an overscan are in the DOM. Cards are measured as
// they render (measureElement) and estimated from their text until then; scrollToIndex keeps
// correcting its target while the cards around it are measured.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';

const OVERSCAN = 6;
/** Room left above a card scrolled to: the fixed app bar and the sticky search bar. */
export const SCROLL_MARGIN = 112;

function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node !== null; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return null;
}

/** Where the list starts inside the scrolled content, kept current as what is above it resizes. */
function useOffsetIn(list: HTMLElement | null, scroller: HTMLElement | null): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (list === null || scroller === null) return undefined;
    const measure = () => {
      const top =
        list.getBoundingClientRect().top -
        scroller.getBoundingClientRect().top +
        scroller.scrollTop;
      setOffset((previous) => (Math.abs(top - previous) < 1 ? previous : top));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // Anything above the list growing (the header, the toolbar as its results load, a window
    // narrow enough to wrap them) resizes one of the list's ancestors.
    const observer = new ResizeObserver(measure);
    for (let node = list.parentElement; node !== null && node !== scroller;) {
      observer.observe(node);
      node = node.parentElement;
    }
    return () => observer.disconnect();
  }, [list, scroller]);
  return offset;
}

export function useTurnVirtualizer(
  count: number,
  estimate: (index: number) => number,
  keyOf: (index: number) => number,
) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const scroller = useMemo(() => scrollParent(list), [list]);
  const margin = useOffsetIn(list, scroller);
  // The app does not use the React Compiler, so the virtualizer's mutable instance is fine.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLElement, HTMLDivElement>({
    count,
    getScrollElement: () => scroller,
    estimateSize: estimate,
    getItemKey: keyOf,
    overscan: OVERSCAN,
    scrollMargin: margin,
    scrollPaddingStart: SCROLL_MARGIN,
    // Before the scrolling ancestor is known (the first render), fill a window's height.
    initialRect: { width: 0, height: window.innerHeight },
  });
  // A scroll asked for before the ancestor is known would be lost: the callback changes once it is,
  // so an effect that scrolls with it runs again then.
  const scrollToIndex = useCallback(
    (index: number) => {
      if (scroller !== null && count > 0) virtualizer.scrollToIndex(index, { align: 'start' });
    },
    [scroller, count, virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  return {
    listRef: setList,
    measureElement: virtualizer.measureElement,
    scrollToIndex,
    items,
    // Spacers keep the cards in the normal flow: they never overlap while being measured.
    padTop: first === undefined ? 0 : first.start - margin,
    padBottom:
      last === undefined ? 0 : Math.max(0, virtualizer.getTotalSize() - (last.end - margin)),
  };
}
