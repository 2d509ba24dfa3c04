// Loads one API call through the query cache and reports loading / error / reload. The query is
// keyed `[method, input]` (TanStack hashes the input's content, so a new object with the same
// content does not refetch), and an answer is only ever shown for the key it was asked with: a
// slower, older response lands in its own cache entry, never as the answer to a newer request.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { ApiError } from '../../shared/result';
import { useApiClient } from './ApiContext';
import { apiQueryKey, callOrThrow, toApiError } from './query-client';

export type ApiState<T> = {
  /** The value for the current request, or (with keepPrevious) the last one while reloading. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Asks again (a Retry button); writes invalidate instead, see useInvalidate. */
  reload: () => void;
};

export type UseApiOptions = {
  /** Keep showing the previous value while a new request loads (tables paging, reloads). */
  keepPrevious?: boolean;
  /** False holds the request back (e.g. until something it competes with has loaded). */
  enabled?: boolean;
};

export function useApi<M extends ApiMethod>(
  method: M,
  input: ApiInput<M>,
  options: UseApiOptions = {},
): ApiState<ApiOutput<M>> {
  const client = useApiClient();
  const query = useQuery({
    queryKey: apiQueryKey(method, input),
    queryFn: () => callOrThrow(client, method, input),
    enabled: options.enabled ?? true,
    ...(options.keepPrevious === true ? { placeholderData: keepPreviousData } : {}),
  });
  const { refetch } = query;
  const reload = () => void refetch();
  // While asking again after a failure, show the wait (as before), not the old error.
  if (query.isError && !query.isFetching) {
    return { data: undefined, error: toApiError(query.error), loading: false, reload };
  }
  return { data: query.data, error: undefined, loading: query.isFetching, reload };
}
