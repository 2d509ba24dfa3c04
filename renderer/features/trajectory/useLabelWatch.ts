// A client for the side panels that counts the labels they save, so the transcript's segment
// markers and failure signals (which read labels) reload after a label is set.
import { useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useApiClient } from '../../api/ApiContext';

export function useLabelWatch(): { client: ApiClient; labelVersion: number } {
  const parent = useApiClient();
  const [labelVersion, setLabelVersion] = useState(0);
  const client = useMemo<ApiClient>(
    () => ({
      call: async (method, input) => {
        const result = await parent.call(method, input);
        if (result.ok && method === 'setLabel') setLabelVersion((v) => v + 1);
        return result;
      },
      onJobEvent: (listener) => parent.onJobEvent(listener),
    }),
    [parent],
  );
  return { client, labelVersion };
}
