// A stand-in layout for virtualized lists under jsdom, which lays nothing out: every list item
// (an element with data-index) is ITEM_HEIGHT tall, a ScrollBox shows VIEW_HEIGHT of a tall content,
// and scrollTo moves scrollTop and fires the scroll event a browser would. A virtualizer then
// renders what a browser would show, so a test can tell a far item rendered from one that is not.
import type { ReactNode } from 'react';

export const ITEM_HEIGHT = 100;
export const VIEW_HEIGHT = 800;

type Patched = 'scrollTo' | 'offsetHeight';

function patch(name: Patched, descriptor: PropertyDescriptor): () => void {
  const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
  return () => {
    if (before === undefined) Reflect.deleteProperty(HTMLElement.prototype, name);
    else Object.defineProperty(HTMLElement.prototype, name, before);
  };
}

/** Installs the stand-in; returns what undoes it. */
export function installScrollLayout(): () => void {
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
  ];
  return () => restores.forEach((restore) => restore());
}

const sized = (element: HTMLDivElement | null) => {
  if (element === null) return;
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: VIEW_HEIGHT });
  // jsdom's scrollHeight is 0, which would clamp every scroll to the top.
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 10_000_000 });
};

export function ScrollBox({ children }: { children: ReactNode }) {
  return (
    <div ref={sized} style={{ overflowY: 'auto' }}>
      {children}
    </div>
  );
}
