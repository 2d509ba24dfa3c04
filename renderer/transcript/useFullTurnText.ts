// Pages a long turn's full content in with getTurnText, on demand: big observations stay off the
// wire until someone asks to read them.
import { useCallback, useState } from 'react';
import type { ApiError } from '../../shared/result';
import { useApiClient } from '../api/ApiContext';

const PAGE = 200_000;
// Bounds the loop even if a server misreports total_length.
const MAX_PAGES = 500;

export type FullText =
  | { status: 'idle' }
  | { status: 'loading'; loaded: number }
  | { status: 'done'; text: string }
  | { status: 'error'; error: ApiError };

export function useFullTurnText(trajectoryId: string, turnIndex: number) {
  const client = useApiClient();
  const [state, setState] = useState<FullText>({ status: 'idle' });

  const load = useCallback(async () => {
    setState({ status: 'loading', loaded: 0 });
    const parts: string[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await client.call('getTurnText', {
        trajectory_id: trajectoryId,
        turn_index: turnIndex,
        offset,
        length: PAGE,
      });
      if (!result.ok) {
        setState({ status: 'error', error: result.error });
        return;
      }
      const { text, total_length: total } = result.value;
      parts.push(text);
      // Advance by the requested page, not text.length: the server's length unit is the
      // authority, and a short page means the end.
      offset += PAGE;
      if (text === '' || text.length < PAGE || offset >= total) break;
      setState({ status: 'loading', loaded: offset });
    }
    setState({ status: 'done', text: parts.join('') });
  }, [client, trajectoryId, turnIndex]);

  return { state, load };
}
