// The explorer grid's column layout for this workspace: read once through the query cache, edited
// locally as the user resizes, hides or moves columns, and written back to the workspace shortly
// after the last change (a resize drag is many changes), or at once when the grid goes away.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ExplorerLayout } from '../../../shared/api-explorer';
import { useApiClient } from '../../api/ApiContext';
import { apiQueryKey } from '../../api/query-client';
import { useApi } from '../../api/useApi';
import {
  DEFAULT_LAYOUT_STATE,
  layoutToState,
  stateToLayout,
  type ColumnLayoutState,
} from './explorer-layout';

const SAVE_DELAY_MS = 300;
const LAYOUT_KEY = apiQueryKey('getExplorerLayout', {});

type Edit = { state: ColumnLayoutState; reset: boolean };

export interface ExplorerLayoutControl {
  state: ColumnLayoutState;
  update: (change: (previous: ColumnLayoutState) => ColumnLayoutState) => void;
  /** Back to the default columns; the workspace forgets its layout. */
  reset: () => void;
}

export function useExplorerLayout(): ExplorerLayoutControl {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // Until it loads (a local read, quicker than the rows), the grid shows the default layout.
  const saved = useApi('getExplorerLayout', {});
  const fromSaved = useMemo(
    () => (saved.data === undefined ? DEFAULT_LAYOUT_STATE : layoutToState(saved.data)),
    [saved.data],
  );
  const [edit, setEdit] = useState<Edit | undefined>(undefined);
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const unsaved = useRef<ExplorerLayout | null>(null);

  const save = useCallback(
    (layout: ExplorerLayout) => {
      unsaved.current = null;
      // The cache answers the next grid that mounts; the write keeps it in the workspace. Writes
      // go one after another so the last change is the one kept. A workspace opened read-only
      // refuses it: the layout then lasts as long as this grid, which is all it can do.
      queryClient.setQueryData(LAYOUT_KEY, layout);
      writes.current = writes.current.then(() => client.call('setExplorerLayout', layout));
    },
    [client, queryClient],
  );

  useEffect(() => {
    if (edit === undefined) return;
    const layout = edit.reset ? { columns: [] } : stateToLayout(edit.state);
    unsaved.current = layout;
    const timer = window.setTimeout(() => save(layout), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [edit, save]);
  // Leaving the page within the delay still keeps the last change.
  useEffect(
    () => () => {
      if (unsaved.current !== null) save(unsaved.current);
    },
    [save],
  );

  const update = useCallback(
    (change: (previous: ColumnLayoutState) => ColumnLayoutState) =>
      setEdit((previous) => ({ state: change(previous?.state ?? fromSaved), reset: false })),
    [fromSaved],
  );
  const reset = useCallback(() => setEdit({ state: DEFAULT_LAYOUT_STATE, reset: true }), []);
  return { state: edit?.state ?? fromSaved, update, reset };
}
