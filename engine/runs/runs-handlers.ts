// Handlers of the runs and lineage methods (shared/api-runs.ts).
import type { RUNS_API } from '../../shared/api-runs';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { listExports } from '../export/export-records';
import { bestRun, decideRun, listRunInfos } from './runs';
import { setRun } from './set-run';

export function runsHandlers({ workspace }: HandlerContext): HandlersOf<typeof RUNS_API> {
  return {
    listRuns: async () => ({
      runs: await listRunInfos(workspace),
      exports: await listExports(workspace),
      best: await bestRun(workspace),
    }),
    setRun: (request) => setRun(workspace, request),
    decideRun: ({ dataset_id, verdict }) => decideRun(workspace, dataset_id, verdict),
  };
}
