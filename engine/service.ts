// Implements every API method against one open workspace. The readers (most of the engine's
// code) are imported when an import or a preview first needs them, and the job-running groups
// (credit, labels, review, judge, evaluation, scoring, export) on their first call, so a command
// that only reads a workspace does not compile them at start (docs/performance.md).
import packageJson from '../package.json' with { type: 'json' };
import type { ImportSummary } from '../shared/model';
import { TurnwiseError } from '../shared/result';
import { chartsHandlers } from './charts/charts-handlers';
import { explorerHandlers } from './explorer/explorer-handlers';
import type { ApiHandlers } from './core/dispatch';
import { lazyHandlers } from './lazy-handlers';
import { EXPORT_API } from '../shared/api-export';
import { SCORING_API } from '../shared/api-scoring';
import { EVALUATION_API } from '../shared/api-evaluation';
import { JUDGE_API } from '../shared/api-judge';
import { REVIEW_API } from '../shared/api-review';
import { LABELS_API } from '../shared/api-labels';
import { CREDIT_API } from '../shared/api-credit';
import { annotatorsHandlers } from './annotators/annotators-handlers';
import { trajectoryHandlers } from './trajectory/trajectory-handlers';
import { redactionHandlers } from './importers/redaction-handlers';
import { sqlHandlers } from './sql/sql-handlers';
import { outcomeHandlers } from './outcome/outcome-handlers';
import { compareHandlers } from './compare/compare-handlers';
import { runsHandlers } from './runs/runs-handlers';
import { searchHandlers } from './search/search-handlers';
import { segmentationHandlers } from './segmentation/segmentation-handlers';
import { formatInfos } from './importers/format-infos';
import { listMappings, resolveMapping, saveMapping } from './mappings';
import { previewRegroup, regroupDataset } from './regroup';
import { checkGroups } from './groups/group-check';
import type { JobRunner } from './core/jobs';
import { getTrajectory, getTurnText, listDatasets } from './queries';
import type { Workspace } from './store/workspace';

export const TURNWISE_VERSION: string = packageJson.version;

const ATTACHABLE_FORMATS = new Set(['turnwise', 'openai-chat']);

export function createService(workspace: Workspace, jobs: JobRunner): ApiHandlers {
  const context = { workspace, jobs };
  return {
    appInfo: async () => ({
      version: TURNWISE_VERSION,
      workspace_path: workspace.path,
      schema_version: await workspace.schemaVersion(),
    }),
    listFormats: async () => ({ formats: formatInfos() }),
    listDatasets: () => listDatasets(workspace),
    getTrajectory: (request) => getTrajectory(workspace, request.trajectory_id, request.turns),
    getTurnText: (request) => getTurnText(workspace, request),
    startImport: async (request) => {
      if (request.attach) {
        if (request.keep_secrets) {
          throw new TurnwiseError(
            'invalid_input',
            'attaching reads files where they are and scans nothing at import, so there is ' +
              'nothing to keep: leave out keep_secrets (exports of attached datasets redact secrets)',
          );
        }
        if (request.format !== 'auto' && !ATTACHABLE_FORMATS.has(request.format)) {
          throw new TurnwiseError(
            'invalid_input',
            `format '${request.format}' cannot be attached; attaching reads Parquet rows of ` +
              `OpenAI-style messages (formats ${[...ATTACHABLE_FORMATS].join(', ')})`,
          );
        }
        const attachOptions = {
          paths: request.paths,
          dataset: request.dataset,
          onError: request.on_error,
          formatOptions: request.format_options,
        };
        return jobs.start('import', async (report, signal): Promise<ImportSummary> => {
          const { runAttach } = await import('./attach/run-attach');
          return runAttach(workspace, attachOptions, report, signal);
        });
      }
      const mapping = await resolveMapping(workspace, request.format, request.mapping);
      const options = {
        paths: request.paths,
        format: request.format,
        dataset: request.dataset,
        onError: request.on_error,
        formatOptions: request.format_options,
        mapping,
        keepSecrets: request.keep_secrets,
      };
      return jobs.start('import', async (report, signal): Promise<ImportSummary> => {
        const { runImport } = await import('./importers/run-import');
        return runImport(workspace, options, report, signal);
      });
    },
    previewImport: async (request) => {
      const { previewImport } = await import('./importers/preview-import');
      return previewImport(
        request,
        await resolveMapping(workspace, request.format, request.mapping),
      );
    },
    listMappings: async () => ({ mappings: await listMappings(workspace) }),
    saveMapping: (request) => saveMapping(workspace, request.name, request.spec),
    getJob: async (request) => jobs.get(request.job_id),
    listJobs: async () => ({ jobs: jobs.list() }),
    cancelJob: async (request) => jobs.cancel(request.job_id),
    previewRegroup: (request) => previewRegroup(workspace, request.dataset_id, request.expression),
    regroupDataset: (request) => regroupDataset(workspace, request.dataset_id, request.expression),
    checkGroups: (request) => checkGroups(workspace, request.dataset_id),
    ...sqlHandlers(context),
    ...outcomeHandlers(context),
    ...compareHandlers(context),
    ...runsHandlers(context),
    ...searchHandlers(context),
    ...segmentationHandlers(context),
    ...redactionHandlers(context),
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
      EVALUATION_API,
      context,
      async () => (await import('./evaluation/evaluation-handlers')).evaluationHandlers,
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
