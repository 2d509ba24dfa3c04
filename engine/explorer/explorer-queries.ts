// The explorer's list and facet queries over the filtered trajectories.
import * as z from 'zod';
import type { ApiOutput, ApiRequest } from '../../shared/api';
import { ROLE_LABELS, TrajectorySummarySchema, type RoleLabel } from '../../shared/model';
import {
  FACET_COLUMNS,
  isRoleLabelColumn,
  type FacetColumn,
  type ParsedTrajectoryFilter,
} from '../../shared/trajectory-filter';
import { sql, type SqlFragment } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
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

/** A count of the filtered trajectories (count(*) is BIGINT, read as a number). */
const Total = z.object({ total: z.number() });

/** A page's scores and label counts; a trajectory may have either side only (a full join). */
const ExtrasRow = z.object({
  trajectory_id: z.string(),
  progress_score: z.number().nullable(),
  outcome_advantage: z.number().nullable(),
  failure_step: z.number().nullable(),
  ...(Object.fromEntries(ROLE_LABELS.map((role) => [role, z.number().nullable()])) as Record<
    RoleLabel,
    z.ZodNullable<z.ZodNumber>
  >),
});
type Extras = z.output<typeof ExtrasRow>;

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
  // The sort column comes from the schema's enum, never from free text (columnExpression checks).
  const order = sql`${columnExpression(request.sort)} ${sql.raw(request.descending ? 'DESC' : 'ASC')}
    NULLS LAST, t.trajectory_id`;
  const columns = sql.raw(TRAJECTORY_COLUMNS.map((c) => `t.${c}`).join(', '));
  const [countRow] = await workspace.queryAs(
    Total,
    sql`SELECT count(*) AS total FROM ${counted.from} ${counted.where()}`,
  );
  const page = await workspace.queryAs(
    TrajectorySummarySchema,
    sql`SELECT ${columns} FROM ${query.from} ${query.where()}
        ORDER BY ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
  );
  const extras = await pageExtras(
    workspace,
    page.map((row) => row.trajectory_id),
    request.segmentation,
  );
  const rows = page.map((row) => {
    const extra = extras.get(row.trajectory_id);
    return {
      ...row,
      progress_score: extra?.progress_score ?? null,
      outcome_advantage: extra?.outcome_advantage ?? null,
      failure_step: extra?.failure_step ?? null,
      ...(Object.fromEntries(ROLE_LABELS.map((role) => [role, extra?.[role] ?? 0])) as Record<
        RoleLabel,
        number
      >),
    };
  });
  return { total: countRow?.total ?? 0, rows };
}

/** Scores and label counts of the given trajectories, keyed by trajectory id. */
async function pageExtras(
  workspace: Workspace,
  ids: string[],
  segmentation: string,
): Promise<Map<string, Extras>> {
  if (ids.length === 0) return new Map();
  const inPage = sql`AND trajectory_id IN ${ids}`;
  const counts = sql.raw(ROLE_LABELS.map((r) => `lc.${r}`).join(', '));
  const rows = await workspace.queryAs(
    ExtrasRow,
    sql`SELECT coalesce(s.trajectory_id, lc.trajectory_id) AS trajectory_id, s.progress_score,
               s.outcome_advantage, s.failure_step, ${counts}
        FROM (${scoresSql(segmentation, inPage)}) s
        FULL OUTER JOIN (${labelCountsSql(segmentation, inPage)}) lc USING (trajectory_id)`,
  );
  return new Map(rows.map((row) => [row.trajectory_id, row]));
}

const FACET_EXPRESSIONS: Record<FacetColumn, SqlFragment> = {
  dataset_id: sql`t.dataset_id`,
  task_id: sql`t.task_id`,
  model: sql`t.model`,
  outcome: sql`CASE WHEN t.success THEN 'success' WHEN NOT t.success THEN 'failure' ELSE 'unknown' END`,
};

/** A facet's value and count, and how many values it has in all (counts are BIGINT). */
const FacetRow = z.object({
  value: z.string().nullable(),
  n: z.number(),
  distinct_values: z.number(),
});

export async function getTrajectoryFacets(
  workspace: Workspace,
  request: ApiRequest<'getTrajectoryFacets'>,
): Promise<ApiOutput<'getTrajectoryFacets'>> {
  const filter = filterOf(request);
  const textFromSearch = await searchedText(workspace, filter.text, 'any');
  const all = filteredTrajectories(filter, { textFromSearch });
  const [countRow] = await workspace.queryAs(
    Total,
    sql`SELECT count(*) AS total FROM ${all.from} ${all.where()}`,
  );
  const facets = {} as ApiOutput<'getTrajectoryFacets'>['facets'];
  // Sequential on purpose: one connection, and each query is a single scan.
  for (const column of FACET_COLUMNS) {
    const query = filteredTrajectories(filter, { ignoreFacet: column, textFromSearch });
    const rows = await workspace.queryAs(
      FacetRow,
      sql`WITH counts AS (
            SELECT ${FACET_EXPRESSIONS[column]} AS value, count(*) AS n
            FROM ${query.from} ${query.where()} GROUP BY ALL)
          SELECT value, n, count(*) OVER () AS distinct_values FROM counts
          ORDER BY n DESC, value NULLS LAST LIMIT ${request.max_entries}`,
    );
    facets[column] = {
      entries: rows.map((row) => ({ value: row.value, count: row.n })),
      distinct: rows[0]?.distinct_values ?? 0,
    };
  }
  return { total: countRow?.total ?? 0, facets };
}
