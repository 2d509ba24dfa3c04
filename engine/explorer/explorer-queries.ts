// The explorer's list and facet queries over the filtered trajectories.
import type { ApiOutput, ApiRequest } from '../../shared/api';
import { ROLE_LABELS } from '../../shared/model';
import {
  FACET_COLUMNS,
  isRoleLabelColumn,
  type FacetColumn,
  type ParsedTrajectoryFilter,
} from '../../shared/trajectory-filter';
import { sql } from '../store/sql-template';
import type { Row, Workspace } from '../store/workspace';
import { searchedText } from '../query/text-search';
import {
  TRAJECTORY_COLUMNS,
  columnExpression,
  filteredTrajectories,
  labelCountsSql,
  scoresSql,
} from '../query/filter-sql';

type ListRequest = ApiRequest<'listTrajectories'>;
type ListOutput = ApiOutput<'listTrajectories'>;

function filterOf(request: ParsedTrajectoryFilter): ParsedTrajectoryFilter {
  const {
    sort: _sort,
    descending: _d,
    limit: _l,
    offset: _o,
    max_entries: _m,
    ...filter
  } = request as ParsedTrajectoryFilter & Record<string, unknown>;
  return filter as ParsedTrajectoryFilter;
}

/**
 * One page of the filtered trajectories. The count and the page come from the trajectories table
 * alone unless the filter or the sort needs scores or label counts; the page's own scores and
 * label counts are then looked up for its (at most 1000) ids only.
 */
export async function listTrajectories(
  workspace: Workspace,
  request: ListRequest,
): Promise<ListOutput> {
  const sortsOnScores = ['progress_score', 'outcome_advantage', 'failure_step'].includes(
    request.sort,
  );
  const filter = filterOf(request);
  const textFromSearch = await searchedText(workspace, filter.text, 'any');
  // The count needs no joins; the page joins what its sort reads.
  const counted = filteredTrajectories(filter, { textFromSearch });
  const query = filteredTrajectories(filter, {
    textFromSearch,
    withScores: sortsOnScores,
    withLabelCounts: isRoleLabelColumn(request.sort),
  });
  // The sort column comes from the schema's enum, never from free text.
  const order =
    `${columnExpression(request.sort)} ${request.descending ? 'DESC' : 'ASC'} NULLS LAST, ` +
    't.trajectory_id';
  const columns = TRAJECTORY_COLUMNS.map((c) => `t.${c}`).join(', ');
  const [countRow] = await workspace.query(
    `SELECT count(*) AS total FROM ${counted.from} ${counted.where}`,
    counted.params,
  );
  const page = await workspace.query(
    `SELECT ${columns} FROM ${query.from} ${query.where}
     ORDER BY ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
    query.params,
  );
  const extras = await pageExtras(
    workspace,
    page.map((row) => String(row.trajectory_id)),
    request.segmentation,
  );
  const rows = page.map((row) => {
    const extra = extras.get(String(row.trajectory_id));
    return {
      ...row,
      progress_score: extra?.progress_score ?? null,
      outcome_advantage: extra?.outcome_advantage ?? null,
      failure_step: extra?.failure_step ?? null,
      ...Object.fromEntries(ROLE_LABELS.map((role) => [role, Number(extra?.[role] ?? 0)])),
    };
  });
  return { total: Number(countRow?.total ?? 0), rows: rows as ListOutput['rows'] };
}

/** Scores and label counts of the given trajectories, keyed by trajectory id. */
async function pageExtras(
  workspace: Workspace,
  ids: string[],
  segmentation: string,
): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  const inPage = sql`AND trajectory_id IN ${ids}`;
  const bound = sql`${segmentation}`;
  const counts = sql.raw(ROLE_LABELS.map((r) => `lc.${r}`).join(', '));
  const rows = await workspace.query(
    sql`SELECT coalesce(s.trajectory_id, lc.trajectory_id) AS trajectory_id, s.progress_score,
               s.outcome_advantage, s.failure_step, ${counts}
        FROM (${scoresSql(bound, inPage)}) s
        FULL OUTER JOIN (${labelCountsSql(bound, inPage)}) lc USING (trajectory_id)`,
  );
  return new Map(rows.map((row) => [String(row.trajectory_id), row]));
}

const FACET_EXPRESSIONS: Record<FacetColumn, string> = {
  dataset_id: 't.dataset_id',
  task_id: 't.task_id',
  model: 't.model',
  outcome: `CASE WHEN t.success THEN 'success' WHEN NOT t.success THEN 'failure' ELSE 'unknown' END`,
};

export async function getTrajectoryFacets(
  workspace: Workspace,
  request: ApiRequest<'getTrajectoryFacets'>,
): Promise<ApiOutput<'getTrajectoryFacets'>> {
  const filter = filterOf(request);
  const textFromSearch = await searchedText(workspace, filter.text, 'any');
  const all = filteredTrajectories(filter, { textFromSearch });
  const [countRow] = await workspace.query(
    `SELECT count(*) AS total FROM ${all.from} ${all.where}`,
    all.params,
  );
  const facets = {} as ApiOutput<'getTrajectoryFacets'>['facets'];
  // Sequential on purpose: one connection, and each query is a single scan.
  for (const column of FACET_COLUMNS) {
    const query = filteredTrajectories(filter, { ignoreFacet: column, textFromSearch });
    const rows = await workspace.query(
      `WITH counts AS (
         SELECT ${FACET_EXPRESSIONS[column]} AS value, count(*) AS n
         FROM ${query.from} ${query.where} GROUP BY ALL)
       SELECT value, n, count(*) OVER () AS distinct_values FROM counts
       ORDER BY n DESC, value NULLS LAST LIMIT ${request.max_entries}`,
      query.params,
    );
    facets[column] = {
      entries: rows.map((row) => ({
        value: row.value === null ? null : String(row.value),
        count: Number(row.n),
      })),
      distinct: Number(rows[0]?.distinct_values ?? 0),
    };
  }
  return { total: Number(countRow?.total ?? 0), facets };
}
