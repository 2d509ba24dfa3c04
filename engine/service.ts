// Implements every API method against one open workspace: each feature's handlers, composed. The
// readers (most of the engine's code) are imported when an import or a preview first needs them
// (import/import-handlers.ts), and the job-running groups
// (credit, labels, review, judge with its evaluation, scoring, export) on their first call, so a command
// that only reads a workspace does not compile them at start (docs/performance.md).
import packageJson from '../package.json' with { type: 'json' };
import { chartsHandlers } from './charts/charts-handlers';
import { explorerHandlers } from './explorer/explorer-handlers';
import type { ApiHandlers } from './core/dispatch';
import { lazyHandlers } from './lazy-handlers';
import { EXPORT_API } from '../shared/api-export';
import { SCORING_API } from '../shared/api-scoring';
import { JUDGE_EVAL_API } from '../shared/api-judge-eval';
import { JUDGE_API } from '../shared/api-judge';
import { REVIEW_API } from '../shared/api-review';
import { LABELS_API } from '../shared/api-labels';
import { CREDIT_API } from '../shared/api-credit';
import { annotatorsHandlers } from './annotators/annotators-handlers';
import { trajectoryHandlers } from './trajectory/trajectory-handlers';
import { redactionsHandlers } from './redactions/redactions-handlers';
import { sqlHandlers } from './sql/sql-handlers';
import { outcomeHandlers } from './outcome/outcome-handlers';
import { compareHandlers } from './compare/compare-handlers';
import { runsHandlers } from './runs/runs-handlers';
import { searchHandlers } from './search/search-handlers';
import { segmentationHandlers } from './segmentation/segmentation-handlers';
import { groupsHandlers } from './groups/groups-handlers';
import { importHandlers } from './import/import-handlers';
import { jobsHandlers } from './jobs/jobs-handlers';
import type { JobRunner } from './core/jobs';
import { datasetsHandlers } from './datasets/datasets-handlers';
import type { Workspace } from './store/workspace';

export const TURNWISE_VERSION: string = packageJson.version;

export function createService(workspace: Workspace, jobs: JobRunner): ApiHandlers {
  const context = { workspace, jobs };
  return {
    appInfo: async () => ({
      version: TURNWISE_VERSION,
      workspace_path: workspace.path,
      schema_version: await workspace.schemaVersion(),
    }),
    ...datasetsHandlers(context),
    ...importHandlers(context),
    ...jobsHandlers(context),
    ...groupsHandlers(context),
    ...sqlHandlers(context),
    ...outcomeHandlers(context),
    ...compareHandlers(context),
    ...runsHandlers(context),
    ...searchHandlers(context),
    ...segmentationHandlers(context),
    ...redactionsHandlers(context),
    ...explorerHandlers(context),
    ...lazyHandlers(
      CREDIT_API,
      context,
      async () => (await import('./credit/credit-handlers')).creditHandlers,
    ),
    ...lazyHandlers(
      LABELS_API,
      context,
      async () => (await import('./labels/labels-handlers')).labelsHandlers,
    ),
    ...lazyHandlers(
      REVIEW_API,
      context,
      async () => (await import('./review/review-handlers')).reviewHandlers,
    ),
    ...lazyHandlers(
      JUDGE_API,
      context,
      async () => (await import('./judge/judge-handlers')).judgeHandlers,
    ),
    ...lazyHandlers(
      JUDGE_EVAL_API,
      context,
      async () => (await import('./judge/eval/judge-eval-handlers')).evaluationHandlers,
    ),
    ...annotatorsHandlers(context),
    ...lazyHandlers(
      SCORING_API,
      context,
      async () => (await import('./scoring/scoring-handlers')).scoringHandlers,
    ),
    ...lazyHandlers(
      EXPORT_API,
      context,
      async () => (await import('./export/export-handlers')).exportHandlers,
    ),
    ...chartsHandlers(context),
    ...trajectoryHandlers(context),
  };
}
