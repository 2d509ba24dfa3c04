// Handlers of the run comparison methods (shared/api-compare.ts).
import type { COMPARE_API } from '../../shared/api-compare';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { compareRuns } from './compare-runs';
import { compareTask } from './compare-task';

export function compareHandlers({ workspace }: HandlerContext): HandlersOf<typeof COMPARE_API> {
  return {
    compareRuns: (request) => compareRuns(workspace, request),
    compareTask: ({ runs, task_id, filter }) => compareTask(workspace, runs, task_id, filter),
  };
}
