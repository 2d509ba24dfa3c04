// Provides the API client to the tree, with the query cache that holds its answers; tests pass a
// client over a fake transport (and get a fresh cache with it).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ApiClient } from './client';
import { createQueryClient } from './query-client';

const ApiContext = createContext<ApiClient | null>(null);

type Props = {
  client: ApiClient;
  /** A cache already filled for this client (main.tsx asks the first screen's calls at start). */
  queryClient?: QueryClient;
  children: ReactNode;
};

export function ApiProvider({ client, queryClient: given, children }: Props) {
  // One cache per provider (the app and each test mount one per client), so answers from one
  // client are never shown for another.
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ApiContext value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiContext>
  );
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiContext);
  if (client === null) throw new Error('useApiClient must be used inside <ApiProvider>');
  return client;
}
