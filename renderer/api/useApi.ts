// Loads one API call and tracks loading / error / reload. The request is keyed by its JSON, so a
// new input object with the same content does not refetch, and a stale answer is never shown as
// the answer to a newer request.
import { useCallback, useEffect, useState } from 'react';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { ApiError, Result } from '../../shared/result';
import { useApiClient } from './ApiContext';

export type ApiState<T> = {
  /** The value for the current request, or (with keepPrevious) the last one while reloading. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
};

export type UseApiOptions = {
  /** Keep showing the previous value while a new request loads (tables paging, reloads). */
  keepPrevious?: boolean;
  /** False holds the request back (e.g. until something it competes with has loaded). */
  enabled?: boolean;
};

type Settled<T> = { key: string; result: Result<T> };

export function useApi<M extends ApiMethod>(
  method: M,
  input: ApiInput<M>,
  options: UseApiOptions = {},
): ApiState<ApiOutput<M>> {
  const client = useApiClient();
  const [nonce, setNonce] = useState(0);
  const [settled, setSettled] = useState<Settled<ApiOutput<M>> | null>(null);
  const [previous, setPrevious] = useState<ApiOutput<M> | undefined>(undefined);
  const enabled = options.enabled ?? true;
  const key = JSON.stringify([method, input, nonce]);

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const [m, i] = JSON.parse(key) as [M, ApiInput<M>];
    void client.call(m, i).then((result) => {
      if (!live) return;
      setSettled({ key, result });
      if (result.ok) setPrevious(result.value);
    });
    return () => {
      live = false;
    };
  }, [client, key, enabled]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const current = settled !== null && settled.key === key ? settled.result : null;
  if (!enabled && current === null) {
    return {
      data: options.keepPrevious === true ? previous : undefined,
      error: undefined,
      loading: false,
      reload,
    };
  }
  if (current === null) {
    return {
      data: options.keepPrevious === true ? previous : undefined,
      error: undefined,
      loading: true,
      reload,
    };
  }
  return current.ok
    ? { data: current.value, error: undefined, loading: false, reload }
    : { data: undefined, error: current.error, loading: false, reload };
}
