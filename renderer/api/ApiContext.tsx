// Provides the API client to the tree; tests pass a client over a fake transport.
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiContext);
  if (client === null) throw new Error('useApiClient must be used inside <ApiProvider>');
  return client;
}
