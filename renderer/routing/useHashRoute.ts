// The current hash route, re-rendering on hashchange (back/forward and link clicks alike) and at
// once when the app navigates itself.
import { useMemo, useSyncExternalStore } from 'react';
import { onRouteWrite, parseRoute, type Route } from './routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  const stopWrites = onRouteWrite(onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    stopWrites();
  };
}

const getHash = () => window.location.hash;

export function useHashRoute(): Route {
  const hash = useSyncExternalStore(subscribe, getHash, () => '');
  return useMemo(() => parseRoute(hash), [hash]);
}
