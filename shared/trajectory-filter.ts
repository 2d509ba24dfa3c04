// The explorer's filter: one shape shared by the trajectory list, its facets, the charts and saved
// filters, and its encoding in deep links (`#/trajectories?outcome=failure&task=...`).
import * as z from 'zod';
import { Id } from './api-method';
import { ROLE_LABELS, TURN_ERROR_KINDS, type RoleLabel } from './model';
import { SegmentationNameSchema } from './segments';

export const OUTCOME_FILTERS = ['any', 'success', 'failure', 'unknown'] as const;
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number];

/** Inclusive bounds; either may be missing. */
export const RangeSchema = z
  .object({ min: z.number().finite().optional(), max: z.number().finite().optional() })
  .strict();
export type Range = z.infer<typeof RangeSchema>;

/** The credit columns of a trajectory (from trajectory_scores). */
export const SCORE_COLUMNS = ['progress_score', 'outcome_advantage', 'failure_step'] as const;

/** The numeric columns a range can bound (label counts are per effective role label). */
export const RANGE_COLUMNS = [
  'reward',
  'n_turns',
  'n_actions',
  ...SCORE_COLUMNS,
  ...ROLE_LABELS,
] as const;
export type RangeColumn = (typeof RANGE_COLUMNS)[number];

/** Columns whose values are listed as facets; a null value is its own facet entry. */
export const FACET_COLUMNS = ['dataset_id', 'task_id', 'model', 'outcome'] as const;
export type FacetColumn = (typeof FACET_COLUMNS)[number];

const FacetValue = z.string().max(1000).nullable();

/** `any`: some turn has an error (turns.error); a kind: some turn has an error of that kind. */
export const TURN_ERROR_FILTERS = ['any', ...TURN_ERROR_KINDS] as const;
export type TurnErrorFilter = (typeof TURN_ERROR_FILTERS)[number];

export const TrajectoryFilterShape = {
  dataset_id: Id.optional(),
  group_id: Id.optional(),
  /** Only these trajectories (e.g. the ids a SQL console result produced). */
  trajectory_ids: z.array(Id).min(1).max(1000).optional(),
  /** Any of these datasets / tasks / models (null matches a missing value). */
  dataset_ids: z.array(Id).min(1).max(200).optional(),
  task_ids: z.array(FacetValue).min(1).max(200).optional(),
  models: z.array(FacetValue).min(1).max(200).optional(),
  outcome: z.enum(OUTCOME_FILTERS).default('any'),
  ranges: z.partialRecord(z.enum(RANGE_COLUMNS), RangeSchema).optional(),
  /** Case-insensitive match on trajectory, task and group ids. */
  search: z.string().max(200).optional(),
  /** Case-insensitive substring of any turn's content, reasoning or tool-call arguments. */
  text: z.string().max(200).optional(),
  /** Trajectories with a turn error (any, or of one kind). */
  turn_error: z.enum(TURN_ERROR_FILTERS).optional(),
  /** The segmentation that label counts and credit columns refer to. */
  segmentation: SegmentationNameSchema.default('action'),
};

export const TrajectoryFilterSchema = z.object(TrajectoryFilterShape).strict();
export type TrajectoryFilter = z.input<typeof TrajectoryFilterSchema>;
export type ParsedTrajectoryFilter = z.output<typeof TrajectoryFilterSchema>;

/** The columns of a trajectory summary, in the order tables show them. */
export const SUMMARY_COLUMNS = [
  'trajectory_id',
  'dataset_id',
  'task_id',
  'group_id',
  'sample_index',
  'model',
  'reward',
  'success',
  'n_turns',
  'n_actions',
] as const;

export const TRAJECTORY_SORT_COLUMNS = [
  ...SUMMARY_COLUMNS,
  ...SCORE_COLUMNS,
  ...ROLE_LABELS,
] as const;
export type TrajectorySortColumn = (typeof TRAJECTORY_SORT_COLUMNS)[number];

export function isRoleLabelColumn(column: string): column is RoleLabel {
  return (ROLE_LABELS as readonly string[]).includes(column);
}

// Deep-link encoding. Each key holds one value or a comma list of URL-encoded values; a range is
// `min..max` with either side optional. The empty string stands for null in value lists.
const LIST_KEYS = { datasets: 'dataset_ids', tasks: 'task_ids', models: 'models' } as const;
const NULL_TOKEN = '~';

function encodeValue(value: string | null): string {
  return value === null ? NULL_TOKEN : encodeURIComponent(value).replace(/~/g, '%7E');
}

function decodeValue(text: string): string | null {
  if (text === NULL_TOKEN) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encodeRange(range: Range): string {
  return `${range.min ?? ''}..${range.max ?? ''}`;
}

function decodeRange(text: string): Range | undefined {
  const match = /^(-?[0-9.eE+-]*)\.\.(-?[0-9.eE+-]*)$/.exec(text);
  if (match === null) return undefined;
  const range: Range = {};
  const min = match[1] === '' ? undefined : Number(match[1]);
  const max = match[2] === '' ? undefined : Number(match[2]);
  if (min !== undefined && Number.isFinite(min)) range.min = min;
  if (max !== undefined && Number.isFinite(max)) range.max = max;
  return range.min === undefined && range.max === undefined ? undefined : range;
}

/** The query string (without '?') for a filter; default fields are left out. */
export function encodeFilterQuery(filter: TrajectoryFilter): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${value}`);
  if (filter.dataset_id !== undefined) add('dataset', encodeValue(filter.dataset_id));
  if (filter.group_id !== undefined) add('group', encodeValue(filter.group_id));
  for (const [key, field] of Object.entries(LIST_KEYS)) {
    const values = filter[field];
    if (values !== undefined && values.length > 0) add(key, values.map(encodeValue).join(','));
  }
  if (filter.outcome !== undefined && filter.outcome !== 'any') add('outcome', filter.outcome);
  for (const [column, range] of Object.entries(filter.ranges ?? {})) {
    if (range !== undefined && (range.min !== undefined || range.max !== undefined)) {
      add(column, encodeRange(range));
    }
  }
  if (filter.search !== undefined && filter.search !== '') add('q', encodeValue(filter.search));
  if (filter.text !== undefined && filter.text !== '') add('text', encodeValue(filter.text));
  if (filter.turn_error !== undefined) add('error', filter.turn_error);
  if (filter.segmentation !== undefined && filter.segmentation !== 'action') {
    add('segmentation', encodeValue(filter.segmentation));
  }
  if (filter.trajectory_ids !== undefined && filter.trajectory_ids.length > 0) {
    add('ids', filter.trajectory_ids.slice(0, 1000).map(encodeValue).join(','));
  }
  return parts.join('&');
}

/**
 * Reads a filter from a query string. Unknown keys and malformed values are ignored, so a
 * hand-edited or outdated link still opens; the result always passes TrajectoryFilterSchema.
 */
export function decodeFilterQuery(query: string): TrajectoryFilter {
  const filter: TrajectoryFilter = {};
  const ranges: Partial<Record<RangeColumn, Range>> = {};
  for (const part of query.replace(/^[?]/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const raw = part.slice(eq + 1);
    if (raw === '') continue;
    const single = decodeValue(raw);
    if (key === 'dataset' && single !== null) filter.dataset_id = single;
    else if (key === 'group' && single !== null) filter.group_id = single;
    else if (key in LIST_KEYS) {
      const field = LIST_KEYS[key as keyof typeof LIST_KEYS];
      const values = raw.split(',').slice(0, 200).map(decodeValue);
      if (field === 'dataset_ids') {
        const ids = values.filter((v): v is string => v !== null && v !== '');
        if (ids.length > 0) filter.dataset_ids = ids;
      } else filter[field] = values;
    } else if (key === 'outcome' && (OUTCOME_FILTERS as readonly string[]).includes(raw)) {
      filter.outcome = raw as OutcomeFilter;
    } else if ((RANGE_COLUMNS as readonly string[]).includes(key)) {
      const range = decodeRange(raw);
      if (range !== undefined) ranges[key as RangeColumn] = range;
    } else if (key === 'q' && single !== null) filter.search = single.slice(0, 200);
    else if (key === 'text' && single !== null) filter.text = single.slice(0, 200);
    else if (key === 'segmentation' && single !== null) filter.segmentation = single;
    else if (key === 'error' && (TURN_ERROR_FILTERS as readonly string[]).includes(raw)) {
      filter.turn_error = raw as TurnErrorFilter;
    } else if (key === 'ids') {
      const ids = raw
        .split(',')
        .slice(0, 1000)
        .map(decodeValue)
        .filter((v): v is string => v !== null && v !== '');
      if (ids.length > 0) filter.trajectory_ids = ids;
    }
  }
  if (Object.keys(ranges).length > 0) filter.ranges = ranges;
  const checked = TrajectoryFilterSchema.safeParse(filter);
  if (checked.success) return filter;
  // Drop only the offending fields (e.g. an unknown segmentation), keep the rest.
  const bad = new Set(checked.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(
    Object.entries(filter).filter(([key]) => !bad.has(key)),
  ) as TrajectoryFilter;
}

/** True when the filter narrows nothing (the whole workspace). */
export function isEmptyFilter(filter: TrajectoryFilter): boolean {
  return encodeFilterQuery(filter) === '';
}
