// The renderer's server-state cache (TanStack Query). Queries are keyed `[method, input]`, so a
// write can invalidate every query of the methods it affects (see useInvalidate).
import { QueryClient, type Query } from '@tanstack/react-query';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { ApiError } from '../../shared/result';
import type { ApiClient } from './client';

/** Thrown inside a query function so TanStack sees a failure; carries the API's typed error. */
export class ApiCallError extends Error {
  readonly apiError: ApiError;
  constructor(apiError: ApiError) {
    super(apiError.message);
    this.name = 'ApiCallError';
    this.apiError = apiError;
  }
}

/** The typed error behind a query failure (anything else thrown becomes `internal`). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiCallError) return error.apiError;
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export type ApiQueryKey<M extends ApiMethod> = readonly [M, ApiInput<M>];

export function apiQueryKey<M extends ApiMethod>(method: M, input: ApiInput<M>): ApiQueryKey<M> {
  return [method, input];
}

/** A method with its input, any method. */
export type ApiCall = { [M in ApiMethod]: { method: M; input: ApiInput<M> } }[ApiMethod];

/**
 * Queries asked at start (prefetchCall). Their first answer stays fresh for START_FRESH_MS: it
 * usually lands before the component that reads it has mounted, and a stale answer would be
 * asked again at that mount (TanStack's default for stale data), doubling the first screen's calls.
 */
const askedAtStart = new WeakSet<Query>();
const START_FRESH_MS = 10_000;

function staleTimeOf(query: Query): number {
  return askedAtStart.has(query) && query.state.dataUpdateCount <= 1 ? START_FRESH_MS : 0;
}

/**
 * Asks for a call's answer now and keeps it in the cache under the key useApi reads, so a
 * component that mounts later finds it (or joins the request in flight) instead of asking again.
 */
export function prefetchCall(queryClient: QueryClient, client: ApiClient, call: ApiCall): void {
  const { method, input } = call as { method: ApiMethod; input: ApiInput<ApiMethod> };
  const queryKey = apiQueryKey(method, input);
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: () => callOrThrow(client, method, input),
  });
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query !== undefined) askedAtStart.add(query);
}

/** One API call as a query function: an `{ok:false}` envelope rejects with ApiCallError. */
export async function callOrThrow<M extends ApiMethod>(
  client: ApiClient,
  method: M,
  input: ApiInput<M>,
): Promise<ApiOutput<M>> {
  const result = await client.call(method, input);
  if (!result.ok) throw new ApiCallError(result.error);
  return result.value;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API answers with typed errors (not_found, invalid_input, ...) a retry won't fix.
        retry: false,
        // Data changes only through this app's own writes, which invalidate what they affect;
        // refetching on focus or reconnect would only add load on the one-request-at-a-time engine.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: staleTimeOf,
      },
      mutations: { retry: false },
    },
  });
}
