// Variable-height virtualization of the turn list against its scrolling ancestor (the app's main
// area): only the cards in view plus an overscan are in the DOM. Heights are measured with a
// ResizeObserver as cards render and estimated for the rest; scrollToIndex lands on a card and
// corrects itself over a few frames as the cards around it are measured.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { itemOffsets, visibleRange } from './virtual-turns';

const OVERSCAN = 6;
/** Room left above a card scrolled to: the fixed app bar and the sticky search bar. */
export const SCROLL_MARGIN = 112;
const MAX_CORRECTIONS = 20;

function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node !== null; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return null;
}

type Heights = ReadonlyMap<number, number>;

export function useVirtualTurns(count: number, estimate: (index: number) => number) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  const scroller = useMemo(() => scrollParent(list), [list]);
  const [heights, setHeights] = useState<Heights>(() => new Map());
  // The viewport relative to the list's top; jsdom (no layout) sees a window-sized view at 0.
  const [view, setView] = useState({ top: 0, bottom: 1000 });
  const target = useRef<{ index: number; tries: number } | null>(null);
  const offsets = useMemo(() => itemOffsets(count, heights, estimate), [count, heights, estimate]);

  const readView = useCallback(() => {
    if (list === null) return;
    const listTop = list.getBoundingClientRect().top;
    const boxTop = scroller === null ? 0 : scroller.getBoundingClientRect().top;
    const height = scroller === null ? window.innerHeight : scroller.clientHeight;
    const top = boxTop - listTop;
    setView((v) =>
      Math.abs(v.top - top) < 1 && Math.abs(v.bottom - (top + height)) < 1
        ? v
        : { top, bottom: top + Math.max(height, 1) },
    );
  }, [list, scroller]);

  useLayoutEffect(() => {
    const source: HTMLElement | Window = scroller ?? window;
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        readView();
      });
    };
    onScroll();
    source.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      source.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [scroller, readView]);

  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) =>
          setHeights((previous) => {
            let next: Map<number, number> | null = null;
            for (const entry of entries) {
              const element = entry.target as HTMLElement;
              const index = Number(element.dataset.index);
              const height = element.offsetHeight;
              if (!Number.isInteger(index) || height === 0 || previous.get(index) === height)
                continue;
              next ??= new Map(previous);
              next.set(index, height);
            }
            return next ?? previous;
          }),
        ),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  /** The ref callback of an item's wrapper (which must carry data-index). */
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (element === null || observer === null) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const scrollToIndex = (index: number) => {
    if (index < 0 || index >= count) return;
    target.current = { index, tries: 0 };
    const y = offsets[index] ?? 0;
    // Render the cards around the target now, before the scroll event: callers look for the
    // card in the DOM right after (the labeling panel scrolls it into view itself).
    setView((v) => ({ top: y - SCROLL_MARGIN, bottom: y - SCROLL_MARGIN + (v.bottom - v.top) }));
    if (scroller === null || list === null) return;
    const listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    scroller.scrollBy({ top: listTop + y - SCROLL_MARGIN, behavior: 'instant' });
  };

  // After each render, nudge a pending scroll target into place once its card is in the DOM and
  // the cards above it are measured; stop when it sits still.
  useLayoutEffect(() => {
    const pending = target.current;
    if (pending === null || scroller === null || list === null) return;
    const frame = requestAnimationFrame(() => {
      // Counted when a correction runs, not per render: measuring many cards re-renders several
      // times per frame, and each render cancels the frame before, which used to spend the
      // corrections before any ran and leave a far turn short of the view on a busy machine.
      pending.tries += 1;
      if (pending.tries > MAX_CORRECTIONS) {
        target.current = null;
        return;
      }
      const element = list.querySelector<HTMLElement>(`[data-index="${pending.index}"]`);
      if (element === null) {
        const y = offsets[pending.index] ?? 0;
        const listTop = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
        scroller.scrollBy({ top: listTop + y - SCROLL_MARGIN, behavior: 'instant' });
        readView();
        return;
      }
      const delta =
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - SCROLL_MARGIN;
      if (Math.abs(delta) < 2) {
        target.current = null;
        return;
      }
      scroller.scrollBy({ top: delta, behavior: 'instant' });
      readView();
    });
    return () => cancelAnimationFrame(frame);
  });

  const { first, last } = visibleRange(offsets, view.top, view.bottom, OVERSCAN);
  return {
    listRef: setList,
    measure,
    scrollToIndex,
    first,
    last,
    padTop: offsets[first] ?? 0,
    padBottom: (offsets[count] ?? 0) - (offsets[last] ?? 0),
  };
}
