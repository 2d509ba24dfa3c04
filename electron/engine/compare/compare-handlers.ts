// Handlers of the run comparison methods (shared/api-compare.ts).
import type { COMPARE_API } from '../../../shared/api-compare';
import type { HandlerContext, HandlersOf } from '../handler-context';
import { compareRuns } from './compare-runs';

export function compareHandlers({ workspace }: HandlerContext): HandlersOf<typeof COMPARE_API> {
  return {
    compareRuns: ({ runs, seed }) => compareRuns(workspace, runs, seed),
  };
}
