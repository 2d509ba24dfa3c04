// The API answers the route the app opens on shows first, asked for at start while React, the
// shell and the page's code load, so they arrive with the code rather than after it ("the
// explorer's first rows from the first request", issue 22). Routes not listed ask as they render.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api/client';
import { prefetchCall, type ApiCall } from './api/query-client';
import { explorerFirstCalls } from './features/explorer/explorer-first-calls';
import type { Route } from './routing/routes';

/** The first calls of the route's page, then the shell's own. */
export function firstCallsOf(route: Route, hash: string): ApiCall[] {
  const shell: ApiCall[] = [{ method: 'appInfo', input: {} }];
  switch (route.name) {
    case 'trajectories':
      return [...explorerFirstCalls(route.filter ?? {}, hash), ...shell];
    default:
      return shell;
  }
}

export function prefetchRouteData(
  route: Route,
  hash: string,
  queryClient: QueryClient,
  client: ApiClient,
): void {
  for (const call of firstCallsOf(route, hash)) prefetchCall(queryClient, client, call);
}
