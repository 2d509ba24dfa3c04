// Handlers of the text-search API methods (shared/api-search.ts).
import type { SEARCH_API } from '../../shared/api-search';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { runTextSearch, textSearchState } from '../query/text-search';

export function searchHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof SEARCH_API> {
  return {
    startTextSearch: async (request) =>
      jobs.start('search', (report, signal) =>
        runTextSearch(workspace, request.text, report, signal),
      ),
    getTextSearch: (request) => textSearchState(workspace, request.text),
  };
}
