// The text search behind the explorer's "text in any turn" filter (shared/api-search.ts): for a
// text not searched yet (or searched before the datasets changed) it starts the search job, and
// while the job runs it refreshes the explorer's rows and facets as matches come in (they read
// the matches found so far). `ready` turns true once the search exists: before that, a list
// request would read every turn itself, which over millions of turns takes seconds per request.
import { useEffect, useRef } from 'react';
import type { JobState } from '../../../shared/api';
import type { TextSearchState } from '../../../shared/api-search';
import type { ApiError } from '../../../shared/result';
import { useApi } from '../../api/useApi';
import { useJob } from '../../api/useJob';
import { useInvalidate } from '../../api/useInvalidate';

export interface TextSearch {
  state: TextSearchState | undefined;
  job: JobState | null;
  error: ApiError | undefined;
  /** The matches can be read (complete, so far, or kept from a cancelled search). */
  ready: boolean;
  cancel: () => void;
  /** Searches again from the start (after a cancel). */
  restart: () => void;
}

/** With no text there is nothing to search: `ready` at once, and no request. */
export function useTextSearch(text: string): TextSearch {
  const searching = text !== '';
  // The schema refuses an empty text; the request is held back then anyway.
  const state = useApi('getTextSearch', { text: searching ? text : ' ' }, { enabled: searching });
  const search = useJob('startTextSearch');
  const invalidate = useInvalidate();
  const { start, job, reset } = search;
  const started = useRef<string | null>(null);
  const status = state.data?.status;
  const running = job?.status === 'running';

  // A new text forgets the previous text's job (declared first: it runs before the start below).
  useEffect(() => reset(), [reset, text]);

  // Not searched yet (or stale): search, once per text shown.
  useEffect(() => {
    if (!searching || status !== 'none' || running || started.current === text) return;
    started.current = text;
    void start({ text });
  }, [running, searching, start, status, text]);

  // Each snapshot of the job: the search's state, and the rows and facets it filters.
  const done = job?.progress.done;
  const message = job?.progress.message;
  const jobStatus = job?.status;
  useEffect(() => {
    if (jobStatus === undefined) return;
    void invalidate('getTextSearch', 'listTrajectories', 'getTrajectoryFacets');
  }, [done, invalidate, jobStatus, message]);

  const error =
    search.error ?? state.error ?? (jobStatus === 'failed' ? (job?.error ?? undefined) : undefined);
  return {
    state: state.data,
    job,
    error,
    // A search that cannot be made (or failed) leaves the explorer to read the turns itself.
    ready: !searching || (status !== undefined && status !== 'none') || error !== undefined,
    cancel: search.cancel,
    restart: () => void start({ text }),
  };
}
