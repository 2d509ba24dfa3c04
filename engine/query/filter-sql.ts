// Turns an explorer filter into SQL over the trajectories: the FROM clause with only the joins the
// filter needs (scores and label counts cost a scan, so they join only when a range refers to
// them) and a WHERE clause whose values are all bound parameters. Both are sql`...` fragments:
// callers nest them in their own queries, where the placeholders are numbered.
import { ROLE_LABELS } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import {
  isRoleLabelColumn,
  RANGE_COLUMNS,
  SCORE_COLUMNS,
  SUMMARY_COLUMNS,
  TRAJECTORY_SORT_COLUMNS,
  type FacetColumn,
  type ParsedTrajectoryFilter,
  type Range,
} from '../../shared/trajectory-filter';
import { containsPattern } from '../store/like-pattern';
import { sql, type SqlFragment } from '../store/sql-template';

/** Alias `t` is tw_trajectories; `s` the credit scores; `lc` the effective label counts. */
export interface FilteredTrajectories {
  /** `tw_trajectories t` and the joins asked for. */
  from: SqlFragment;
  /** `WHERE` and the filter's conditions with `more` ANDed on; nothing when there are none. */
  where: (...more: SqlFragment[]) => SqlFragment;
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
const SORT_COLUMN_SET = new Set<string>(TRAJECTORY_SORT_COLUMNS);
const RANGE_COLUMN_SET = new Set<string>(RANGE_COLUMNS);

export const TRAJECTORY_COLUMNS = SUMMARY_COLUMNS;

/**
 * A column a request names (a sort or a range), as SQL text: the request's schema allows only
 * the fixed lists, and a name off `allowed` is refused here too, so no free text gets in.
 */
function namedColumn(
  column: string,
  allowed: ReadonlySet<string>,
  text: (name: string) => string,
): SqlFragment {
  if (!allowed.has(column)) {
    throw new TurnwiseError('internal', `'${column}' is not a column to sort or filter by`);
  }
  return sql.raw(text(column));
}

function expressionOf(column: string, allowed: ReadonlySet<string>): SqlFragment {
  if (SCORE_COLUMN_SET.has(column)) return namedColumn(column, allowed, (name) => `s.${name}`);
  if (isRoleLabelColumn(column)) {
    return namedColumn(column, allowed, (name) => `coalesce(lc.${name}, 0)`);
  }
  return namedColumn(column, allowed, (name) => `t.${name}`);
}

/** The SQL expression of a sort column over the aliases above. */
export function columnExpression(column: string): SqlFragment {
  return expressionOf(column, SORT_COLUMN_SET);
}

/** Label counts under a segmentation; `extraWhere` ('AND ...') narrows them. */
export function labelCountsSql(segmentation: string, extraWhere: SqlFragment): SqlFragment {
  return sql`SELECT trajectory_id, ${sql.raw(ROLE_LABELS.join(', '))} FROM tw_label_counts
    WHERE segmentation = ${segmentation} ${extraWhere}`;
}

/** Trajectory scores under a segmentation; `extraWhere` ('AND ...') narrows them. */
export function scoresSql(segmentation: string, extraWhere: SqlFragment): SqlFragment {
  return sql`SELECT trajectory_id, progress_score, outcome_advantage, failure_step
    FROM tw_trajectory_scores WHERE segmentation = ${segmentation} ${extraWhere}`;
}

function inList(expression: SqlFragment, values: readonly (string | null)[]): SqlFragment {
  const present = values.filter((v): v is string => v !== null);
  const parts: SqlFragment[] = [];
  if (present.length > 0) parts.push(sql`${expression} IN ${present}`);
  if (present.length < values.length) parts.push(sql`${expression} IS NULL`);
  return sql`(${sql.join(parts, ' OR ')})`;
}

function rangeSql(expression: SqlFragment, range: Range): SqlFragment[] {
  const parts: SqlFragment[] = [];
  if (range.min !== undefined) parts.push(sql`${expression} >= ${range.min}`);
  if (range.max !== undefined) parts.push(sql`${expression} <= ${range.max}`);
  return parts;
}

/**
 * A count range as a condition on the trajectory: a trajectory without labels counts 0, so a
 * range that admits 0 keeps every trajectory except those counted outside it.
 */
function labelRangeSql(role: string, range: Range, segmentation: string): SqlFragment[] {
  const count = namedColumn(role, RANGE_COLUMN_SET, (name) => name);
  const counted = (condition: SqlFragment) =>
    sql`(SELECT trajectory_id FROM tw_label_counts WHERE segmentation = ${segmentation} AND ${condition})`;
  const admitsZero = (range.min ?? 0) <= 0 && (range.max ?? 0) >= 0;
  if (admitsZero) {
    const outside = [
      ...(range.min !== undefined ? [sql`${count} < ${range.min}`] : []),
      ...(range.max !== undefined ? [sql`${count} > ${range.max}`] : []),
    ];
    return outside.length === 0
      ? []
      : [sql`t.trajectory_id NOT IN ${counted(sql.join(outside, ' OR '))}`];
  }
  return [sql`t.trajectory_id IN ${counted(sql.join(rangeSql(count, range), ' AND '))}`];
}

/** The key of a text search and of the text filter: the text as it is compared. */
export const needleOf = (text: string) => text.trim().toLowerCase();

/**
 * A turn (of tw_turns or tw_all_turns) whose content, reasoning or tool calls contain `needle`
 * (an SQL expression for a lower-cased value, e.g. a bound value), ignoring case and taking the
 * text literally: contains() over lower(), about twice as fast as the ILIKE it replaced.
 */
export function turnContainsSql(needle: SqlFragment): SqlFragment {
  const within = (column: string) => sql`contains(lower(${sql.raw(column)}), ${needle})`;
  return sql`(${within('content')} OR ${within('reasoning')} OR ${within('CAST(tool_calls AS VARCHAR)')})`;
}

/**
 * Trajectories with a turn containing `needle` (see turnContainsSql): the matches a text search
 * found (search/text-search.ts) when the caller knows one exists for it, else a scan of every
 * turn. The choice is the caller's: a query that offered DuckDB both was not planned to skip the
 * scan.
 */
function turnsContaining(needle: string, fromSearch: boolean): SqlFragment {
  return fromSearch
    ? sql`SELECT trajectory_id FROM tw_text_hits WHERE needle = ${needle}`
    : sql`SELECT trajectory_id FROM tw_all_turns WHERE ${turnContainsSql(sql`${needle}`)}`;
}

/** The filter's conditions on alias t, each one fragment. */
function conditionsOf(filter: ParsedTrajectoryFilter, options: FilterSqlOptions): SqlFragment[] {
  const where: SqlFragment[] = [];
  const ignore = options.ignoreFacet;
  if (filter.dataset_id !== undefined) where.push(sql`t.dataset_id = ${filter.dataset_id}`);
  if (filter.group_id !== undefined) where.push(sql`t.group_id = ${filter.group_id}`);
  if (filter.trajectory_ids !== undefined) {
    where.push(sql`t.trajectory_id IN ${filter.trajectory_ids}`);
  }
  if (filter.dataset_ids !== undefined && ignore !== 'dataset_id') {
    where.push(inList(sql`t.dataset_id`, filter.dataset_ids));
  }
  if (filter.task_ids !== undefined && ignore !== 'task_id') {
    where.push(inList(sql`t.task_id`, filter.task_ids));
  }
  if (filter.models !== undefined && ignore !== 'model') {
    where.push(inList(sql`t.model`, filter.models));
  }
  if (ignore !== 'outcome') {
    if (filter.outcome === 'success') where.push(sql`t.success`);
    if (filter.outcome === 'failure') where.push(sql`NOT t.success`);
    if (filter.outcome === 'unknown') where.push(sql`t.success IS NULL`);
  }
  // Ranges on scores and label counts are semi-joins on those (small, keyed) tables rather than
  // conditions over a join of every trajectory: far cheaper when few trajectories qualify.
  const segmentation = filter.segmentation;
  for (const [column, range] of Object.entries(filter.ranges ?? {})) {
    if (range === undefined) continue;
    if (SCORE_COLUMN_SET.has(column)) {
      const parts = rangeSql(
        namedColumn(column, RANGE_COLUMN_SET, (name) => name),
        range,
      );
      if (parts.length === 0) continue;
      where.push(
        sql`t.trajectory_id IN (SELECT trajectory_id FROM tw_trajectory_scores WHERE segmentation = ${segmentation} AND ${sql.join(parts, ' AND ')})`,
      );
    } else if (isRoleLabelColumn(column)) {
      where.push(...labelRangeSql(column, range, segmentation));
    } else {
      where.push(...rangeSql(expressionOf(column, RANGE_COLUMN_SET), range));
    }
  }
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    const pattern = containsPattern(search);
    where.push(
      sql`(t.trajectory_id ILIKE ${pattern} ESCAPE '\\' OR t.task_id ILIKE ${pattern} ESCAPE '\\' OR t.group_id ILIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const text = needleOf(filter.text ?? '');
  if (text !== '') {
    where.push(sql`t.trajectory_id IN (${turnsContaining(text, options.textFromSearch === true)})`);
  }
  if (filter.turn_error !== undefined) {
    const kind =
      // Parenthesised: DuckDB's ->> binds looser than =.
      filter.turn_error === 'any' ? sql`` : sql` AND (error->>'kind') = ${filter.turn_error}`;
    where.push(
      sql`t.trajectory_id IN (SELECT trajectory_id FROM tw_all_turns WHERE error IS NOT NULL${kind})`,
    );
  }
  return where;
}

export function filteredTrajectories(
  filter: ParsedTrajectoryFilter,
  options: FilterSqlOptions = {},
): FilteredTrajectories {
  const conditions = conditionsOf(filter, options);
  const where = (...more: SqlFragment[]) => {
    const all = [...conditions, ...more];
    return all.length === 0 ? sql`` : sql`WHERE ${sql.join(all, ' AND ')}`;
  };
  // A joined table is cut to the filtered trajectories first, so the join (and its hash table)
  // is only as large as the result, not the workspace.
  const within =
    conditions.length === 0
      ? sql``
      : sql`AND trajectory_id IN (SELECT t.trajectory_id FROM tw_trajectories t ${where()})`;
  const from = [sql`tw_trajectories t`];
  if (options.withScores === true) {
    from.push(sql`LEFT JOIN (${scoresSql(filter.segmentation, within)}) s USING (trajectory_id)`);
  }
  if (options.withLabelCounts === true) {
    from.push(
      sql`LEFT JOIN (${labelCountsSql(filter.segmentation, within)}) lc USING (trajectory_id)`,
    );
  }
  return { from: sql.join(from, ' '), where };
}
