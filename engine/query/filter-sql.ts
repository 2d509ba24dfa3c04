// Turns an explorer filter into SQL over the trajectories: the FROM clause with only the joins the
// filter needs (scores and label counts cost a scan, so they join only when a range refers to
// them) and a WHERE clause whose values are all bound parameters.
import { ROLE_LABELS } from '../../shared/model';
import {
  isRoleLabelColumn,
  SCORE_COLUMNS,
  SUMMARY_COLUMNS,
  type FacetColumn,
  type ParsedTrajectoryFilter,
  type Range,
} from '../../shared/trajectory-filter';
import { containsPattern } from '../store/like-pattern';
import { sql, type SqlFragment } from '../store/sql-template';
import type { SqlParams } from '../store/workspace';

/** Alias `t` is tw_trajectories; `s` the credit scores; `lc` the effective label counts. */
export interface FilteredTrajectories {
  from: string;
  /** `WHERE ...` or the empty string. */
  where: string;
  params: SqlParams;
  /** Binds one more value and returns its placeholder, for callers that extend the query. */
  bind: (value: SqlParams[number]) => string;
}

export interface FilterSqlOptions {
  /** Join the scores even when no range needs them (e.g. to sort or show them). */
  withScores?: boolean;
  withLabelCounts?: boolean;
  /** Leave out this facet's own selection, so its counts show the alternatives. */
  ignoreFacet?: FacetColumn;
  /** A text search of the filter's text is current: read its matches (searchedText()). */
  textFromSearch?: boolean;
}

const SCORE_COLUMN_SET = new Set<string>(SCORE_COLUMNS);

export const TRAJECTORY_COLUMNS = SUMMARY_COLUMNS;

/** The SQL expression of a range or sort column over the aliases above. */
export function columnExpression(column: string): string {
  if (SCORE_COLUMN_SET.has(column)) return `s.${column}`;
  if (isRoleLabelColumn(column)) return `coalesce(lc.${column}, 0)`;
  return `t.${column}`;
}

/** Per-trajectory counts of effective labels by role, for one segmentation (see label-counts). */
/** Label counts under a segmentation; `extraWhere` ('AND ...') narrows them. */
export function labelCountsSql(segmentation: SqlFragment, extraWhere: SqlFragment): SqlFragment {
  return sql`SELECT trajectory_id, ${sql.raw(ROLE_LABELS.join(', '))} FROM tw_label_counts
    WHERE segmentation = ${segmentation} ${extraWhere}`;
}

/** Trajectory scores under a segmentation; `extraWhere` ('AND ...') narrows them. */
export function scoresSql(segmentation: SqlFragment, extraWhere: SqlFragment): SqlFragment {
  return sql`SELECT trajectory_id, progress_score, outcome_advantage, failure_step
    FROM tw_trajectory_scores WHERE segmentation = ${segmentation} ${extraWhere}`;
}

function inList(
  expression: string,
  values: readonly (string | null)[],
  bind: FilteredTrajectories['bind'],
): string {
  const present = values.filter((v): v is string => v !== null);
  const parts: string[] = [];
  if (present.length > 0) parts.push(`${expression} IN (${present.map(bind).join(', ')})`);
  if (present.length < values.length) parts.push(`${expression} IS NULL`);
  return `(${parts.join(' OR ')})`;
}

function rangeSql(expression: string, range: Range, bind: FilteredTrajectories['bind']): string[] {
  const parts: string[] = [];
  if (range.min !== undefined) parts.push(`${expression} >= ${bind(range.min)}`);
  if (range.max !== undefined) parts.push(`${expression} <= ${bind(range.max)}`);
  return parts;
}

/**
 * A count range as a condition on the trajectory: a trajectory without labels counts 0, so a
 * range that admits 0 keeps every trajectory except those counted outside it.
 */
function labelRangeSql(
  role: string,
  range: Range,
  segmentation: () => string,
  bind: FilteredTrajectories['bind'],
): string[] {
  const counted = (condition: string) =>
    `(SELECT trajectory_id FROM tw_label_counts WHERE segmentation = ${segmentation()} AND ${condition})`;
  const admitsZero = (range.min ?? 0) <= 0 && (range.max ?? 0) >= 0;
  if (admitsZero) {
    const outside = [
      ...(range.min !== undefined ? [`${role} < ${bind(range.min)}`] : []),
      ...(range.max !== undefined ? [`${role} > ${bind(range.max)}`] : []),
    ];
    return outside.length === 0 ? [] : [`t.trajectory_id NOT IN ${counted(outside.join(' OR '))}`];
  }
  return [`t.trajectory_id IN ${counted(rangeSql(role, range, bind).join(' AND '))}`];
}

/** The key of a text search and of the text filter: the text as it is compared. */
export const needleOf = (text: string) => text.trim().toLowerCase();

/**
 * A turn (of tw_turns or tw_all_turns) whose content, reasoning or tool calls contain `needle`
 * (an SQL expression for a lower-cased value, e.g. a bound placeholder), ignoring case and taking
 * the text literally: contains() over lower(), about twice as fast as the ILIKE it replaced.
 */
export function turnContainsSql(needle: string): string {
  const within = (column: string) => `contains(lower(${column}), ${needle})`;
  return `(${within('content')} OR ${within('reasoning')} OR ${within('CAST(tool_calls AS VARCHAR)')})`;
}

/**
 * Trajectories with a turn containing `needle` (see turnContainsSql): the matches a text search
 * found (search/text-search.ts) when the caller knows one exists for it, else a scan of every
 * turn. The choice is the caller's: a query that offered DuckDB both was not planned to skip the
 * scan.
 */
function turnsContaining(needle: string, fromSearch: boolean): string {
  return fromSearch
    ? `SELECT trajectory_id FROM tw_text_hits WHERE needle = ${needle}`
    : `SELECT trajectory_id FROM tw_all_turns WHERE ${turnContainsSql(needle)}`;
}

export function filteredTrajectories(
  filter: ParsedTrajectoryFilter,
  options: FilterSqlOptions = {},
): FilteredTrajectories {
  const params: SqlParams = [];
  const bind = (value: SqlParams[number]) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const ignore = options.ignoreFacet;
  if (filter.dataset_id !== undefined) where.push(`t.dataset_id = ${bind(filter.dataset_id)}`);
  if (filter.group_id !== undefined) where.push(`t.group_id = ${bind(filter.group_id)}`);
  if (filter.trajectory_ids !== undefined) {
    where.push(`t.trajectory_id IN (${filter.trajectory_ids.map(bind).join(', ')})`);
  }
  if (filter.dataset_ids !== undefined && ignore !== 'dataset_id') {
    where.push(inList('t.dataset_id', filter.dataset_ids, bind));
  }
  if (filter.task_ids !== undefined && ignore !== 'task_id') {
    where.push(inList('t.task_id', filter.task_ids, bind));
  }
  if (filter.models !== undefined && ignore !== 'model') {
    where.push(inList('t.model', filter.models, bind));
  }
  if (ignore !== 'outcome') {
    if (filter.outcome === 'success') where.push('t.success');
    if (filter.outcome === 'failure') where.push('NOT t.success');
    if (filter.outcome === 'unknown') where.push('t.success IS NULL');
  }
  // Ranges on scores and label counts are semi-joins on those (small, keyed) tables rather than
  // conditions over a join of every trajectory: far cheaper when few trajectories qualify.
  // Bound on first use: DuckDB refuses parameters a statement does not reference.
  let segmentationParam: string | undefined;
  const segmentation = () => (segmentationParam ??= bind(filter.segmentation));
  for (const [column, range] of Object.entries(filter.ranges ?? {})) {
    if (range === undefined) continue;
    if (SCORE_COLUMN_SET.has(column)) {
      const parts = rangeSql(column, range, bind);
      if (parts.length === 0) continue;
      where.push(
        `t.trajectory_id IN (SELECT trajectory_id FROM tw_trajectory_scores ` +
          `WHERE segmentation = ${segmentation()} AND ${parts.join(' AND ')})`,
      );
    } else if (isRoleLabelColumn(column)) {
      where.push(...labelRangeSql(column, range, segmentation, bind));
    } else {
      where.push(...rangeSql(`t.${column}`, range, bind));
    }
  }
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    const pattern = bind(containsPattern(search));
    where.push(
      `(t.trajectory_id ILIKE ${pattern} ESCAPE '\\' OR t.task_id ILIKE ${pattern} ESCAPE '\\' ` +
        `OR t.group_id ILIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const text = needleOf(filter.text ?? '');
  if (text !== '') {
    const needle = bind(text);
    where.push(`t.trajectory_id IN (${turnsContaining(needle, options.textFromSearch === true)})`);
  }
  if (filter.turn_error !== undefined) {
    const kind =
      // Parenthesised: DuckDB's ->> binds looser than =.
      filter.turn_error === 'any' ? '' : ` AND (error->>'kind') = ${bind(filter.turn_error)}`;
    where.push(
      `t.trajectory_id IN (SELECT trajectory_id FROM tw_all_turns WHERE error IS NOT NULL${kind})`,
    );
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  // A joined table is cut to the filtered trajectories first, so the join (and its hash table)
  // is only as large as the result, not the workspace.
  const within =
    whereSql === ''
      ? ''
      : `AND trajectory_id IN (SELECT t.trajectory_id FROM tw_trajectories t ${whereSql})`;
  let from = 'tw_trajectories t';
  // Both are text here: the segmentation is bound by bind() above, like every other value.
  const joined = (table: typeof scoresSql) => table(sql.raw(segmentation()), sql.raw(within)).text;
  if (options.withScores === true) {
    from += ` LEFT JOIN (${joined(scoresSql)}) s USING (trajectory_id)`;
  }
  if (options.withLabelCounts === true) {
    from += ` LEFT JOIN (${joined(labelCountsSql)}) lc USING (trajectory_id)`;
  }
  return { from, where: whereSql, params, bind };
}
