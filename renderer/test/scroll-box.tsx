// A stand-in layout for virtualized lists under jsdom, which lays nothing out: a scrolling box
// (overflow auto or scroll) is as tall as its CSS height says (VIEW_HEIGHT when it names none) and
// holds a tall content, every measured list item (an element with data-index) is ITEM_HEIGHT
// tall, and scrollTo moves scrollTop and fires the scroll event a browser would. A virtualizer
// then renders what a browser would show, so a test can tell a far item rendered from one that
// is not.
import type { ReactNode } from 'react';
import { afterEach, beforeEach } from 'vitest';

export const ITEM_HEIGHT = 100;
export const VIEW_HEIGHT = 800;

type Patched = 'scrollTo' | 'offsetHeight' | 'clientHeight' | 'scrollHeight';

function patch(name: Patched, descriptor: PropertyDescriptor): () => void {
  const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
  return () => {
    if (before === undefined) Reflect.deleteProperty(HTMLElement.prototype, name);
    else Object.defineProperty(HTMLElement.prototype, name, before);
  };
}

function scrolls(element: HTMLElement): boolean {
  // jsdom does not expand the overflow shorthand into overflow-y.
  const style = getComputedStyle(element);
  return [style.overflowY, style.overflow].some((o) => o === 'auto' || o === 'scroll');
}

function installScrollLayout(): () => void {
  const restores = [
    patch('scrollTo', {
      value(this: HTMLElement, options?: ScrollToOptions | number) {
        const top = typeof options === 'object' ? options.top : undefined;
        if (top === undefined) return;
        this.scrollTop = top;
        this.dispatchEvent(new Event('scroll'));
      },
    }),
    patch('offsetHeight', {
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? ITEM_HEIGHT : 0;
      },
    }),
    patch('clientHeight', {
      get(this: HTMLElement) {
        return scrolls(this) ? parseFloat(getComputedStyle(this).height) || VIEW_HEIGHT : 0;
      },
    }),
    // jsdom's scrollHeight is 0, which would clamp every scroll to the top.
    patch('scrollHeight', {
      get(this: HTMLElement) {
        return scrolls(this) ? 10_000_000 : 0;
      },
    }),
  ];
  return () => restores.forEach((restore) => restore());
}

/** Lays out the tests of the enclosing describe (or file) with the stand-in. */
export function withScrollLayout(): void {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = installScrollLayout();
  });
  afterEach(() => restore());
}

/** A scrolling ancestor for a list that scrolls the page around it (the transcript). */
export function ScrollBox({ children }: { children: ReactNode }) {
  return <div style={{ overflowY: 'auto' }}>{children}</div>;
}
