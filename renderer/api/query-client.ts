// The renderer's server-state cache (TanStack Query). Queries are keyed `[method, input]`, so a
// write can invalidate every query of the methods it affects (see useInvalidate).
import { QueryClient } from '@tanstack/react-query';
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
      },
      mutations: { retry: false },
    },
  });
}
