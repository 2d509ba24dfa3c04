// Handlers of the labels API methods (shared/api-labels.ts).
import type { LABELS_API } from '../../shared/api-labels';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { RULES, RULESET_VERSION } from './heuristics/ruleset';
import { appendHumanLabel, getSegments } from './label-store';
import { requireDataset } from '../store/require';
import { runHeuristicLabels } from './run-heuristic-labels';

export function labelsHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof LABELS_API> {
  return {
    getSegments: async (request) => ({
      trajectory_id: request.trajectory_id,
      segmentation: request.segmentation,
      ...(await getSegments(workspace, request.trajectory_id, request.segmentation)),
    }),
    setLabel: (request) => appendHumanLabel(workspace, request),
    startHeuristicLabels: async (request) => {
      // Checked before the job starts, so a typo is an error of the call, not a failed job.
      if (request.dataset_id !== undefined) await requireDataset(workspace, request.dataset_id);
      const options = {
        datasetId: request.dataset_id ?? null,
        segmentation: request.segmentation,
      };
      return jobs.start('label', (report, signal) =>
        runHeuristicLabels(workspace, options, report, signal),
      );
    },
    listHeuristicRules: async () => ({
      ruleset: RULESET_VERSION,
      rules: RULES.map(({ name, role_label, rationale }) => ({ name, role_label, rationale })),
    }),
  };
}
