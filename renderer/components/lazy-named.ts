// A named export loaded on first render (React.lazy wants a default export), with `preload` to
// start the download earlier. Used for the pages (route-level code splitting) and for dialogs the
// shell renders only once opened, so the code a first screen evaluates stays small.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyNamed<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

export function lazyNamed<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyNamed<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(start), {
    preload: () => {
      // A failed download surfaces when the component renders, through its error boundary
      // (PageErrorBoundary for the pages, DialogLoadBoundary for the dialogs).
      start().catch(() => undefined);
    },
  });
}
