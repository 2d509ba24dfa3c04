// The explorer's API handlers: filtered list, facets, saved filters and the column layout.
import type { EXPLORER_API } from '../../shared/api-explorer';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { readExplorerLayout, writeExplorerLayout } from './explorer-layout';
import { getTrajectoryFacets, listTrajectories } from './explorer-queries';
import { deleteSavedFilter, listSavedFilters, saveFilter } from './saved-filters';

export function explorerHandlers({ workspace }: HandlerContext): HandlersOf<typeof EXPLORER_API> {
  return {
    listTrajectories: (request) => listTrajectories(workspace, request),
    getTrajectoryFacets: (request) => getTrajectoryFacets(workspace, request),
    listSavedFilters: async () => ({ filters: await listSavedFilters(workspace) }),
    saveFilter: (request) => saveFilter(workspace, request.name, request.filter),
    deleteSavedFilter: async (request) => ({
      deleted: await deleteSavedFilter(workspace, request.name),
    }),
    getExplorerLayout: () => readExplorerLayout(workspace),
    setExplorerLayout: (request) => writeExplorerLayout(workspace, request),
  };
}
