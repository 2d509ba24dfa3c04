// The API contract: every method once, with its request and response schemas. Both transports
// (Electron IPC and HTTP) and the engine's dispatch are driven by this table.
import * as z from 'zod';
import { Empty, lazyMethodTable, method, type Invalidates } from './api-method';
import { DATASETS_API } from './api-datasets';
import { IMPORT_API } from './api-import';
import { JOBS_API } from './api-jobs';
import { CHARTS_API } from './api-charts';
import { CREDIT_API } from './api-credit';
import { EXPLORER_API } from './api-explorer';
import { JUDGE_API } from './api-judge';
import { JUDGE_EVAL_API } from './api-judge-eval';
import { ANNOTATOR_API } from './api-annotators';
import { LABELS_API } from './api-labels';
import { REVIEW_API } from './api-review';
import { SCORING_API } from './api-scoring';
import { EXPORT_API } from './api-export';
import { TRAJECTORY_API } from './api-trajectory';
import { REDACTIONS_API } from './api-redactions';
import { SQL_API } from './api-sql';
import { OUTCOME_API } from './api-outcome';
import { SEGMENTATION_API } from './api-segmentation';
import { GROUPS_API } from './api-groups';
import { COMPARE_API } from './api-compare';
import { RUNS_API } from './api-runs';
import { SEARCH_API } from './api-search';

export {
  JOB_KINDS,
  JOB_STATUSES,
  JobStateSchema,
  type JobKind,
  type JobResult,
  type JobState,
  type JobStateOf,
} from './job-state';

export { OUTCOME_FILTERS, TRAJECTORY_SORT_COLUMNS } from './trajectory-filter';

export const API = lazyMethodTable({
  appInfo: () =>
    method(
      Empty,
      z.object({
        version: z.string(),
        workspace_path: z.string(),
        schema_version: z.number(),
      }),
    ),
  ...DATASETS_API,
  ...IMPORT_API,
  ...JOBS_API,
  ...SQL_API,
  ...OUTCOME_API,
  ...COMPARE_API,
  ...RUNS_API,
  ...SEARCH_API,
  ...SEGMENTATION_API,
  ...GROUPS_API,
  ...REDACTIONS_API,
  ...EXPLORER_API,
  ...CREDIT_API,
  ...LABELS_API,
  ...REVIEW_API,
  ...JUDGE_API,
  ...JUDGE_EVAL_API,
  ...ANNOTATOR_API,
  ...SCORING_API,
  ...EXPORT_API,
  ...CHARTS_API,
  ...TRAJECTORY_API,
});

export type Api = typeof API;
export type ApiMethod = keyof Api;
/** What a caller passes (defaults may be omitted). */
export type ApiInput<M extends ApiMethod> = z.input<Api[M]['input']>;
/** What a handler receives (defaults applied). */
export type ApiRequest<M extends ApiMethod> = z.output<Api[M]['input']>;
export type ApiOutput<M extends ApiMethod> = z.output<Api[M]['output']>;

export const API_METHODS = Object.keys(API) as ApiMethod[];

type InvalidatedName<M extends ApiMethod> = Exclude<Api[M]['invalidates'], 'all'>[number];
/** Names a write declares it invalidates that are no API method: must be none. */
type UnknownInvalidated = { [M in ApiMethod]: Exclude<InvalidatedName<M>, ApiMethod> }[ApiMethod];
const invalidatesNameMethods: [UnknownInvalidated] extends [never] ? true : UnknownInvalidated =
  true;
void invalidatesNameMethods;

/** The reads `method` declares it changes (shared/api-method.ts, Invalidates). */
export function invalidatedBy(method: ApiMethod): readonly ApiMethod[] | 'all' {
  return namedMethods(API[method].invalidates);
}

function namedMethods(declared: Invalidates): readonly ApiMethod[] | 'all' {
  return declared === 'all' ? 'all' : declared.filter(isApiMethod);
}

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(API, name);
}

/** The Electron IPC channel of a method. */
export function channelOf(method: ApiMethod): `turnwise:${ApiMethod}` {
  return `turnwise:${method}`;
}

/** The channel on which the main process pushes job snapshots to the window. */
export const JOB_EVENT_CHANNEL = 'turnwise:job-event';
