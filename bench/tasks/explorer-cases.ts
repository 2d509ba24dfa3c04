// The explorer requests the filter benchmark times, each with its hand-written DuckDB equivalent
// (the baseline): the same predicates as plain SQL over the same tables, with named parameters.
import type { FacetColumn, TrajectoryFilter } from '../../shared/trajectory-filter';

/** One predicate of the baseline's WHERE; `facet` marks a facet's own selection. */
export interface Condition {
  sql: string;
  params: Record<string, string | number>;
  facet?: FacetColumn;
  /** The join the predicate reads: credit scores (`s`) or label counts (`lc`). */
  needs?: 'scores' | 'labels';
}

export interface ExplorerCase {
  key: string;
  title: string;
  filter: TrajectoryFilter;
  sort: 'trajectory_id' | 'reward' | 'progress_score';
  descending: boolean;
  conditions: Condition[];
}

/** 50 of the ~20k tasks, spread over the id range. */
export const SELECTED_TASKS = Array.from(
  { length: 50 },
  (_, i) => `task-${String(i * 397).padStart(5, '0')}`,
);

export const EXPLORER_CASES: ExplorerCase[] = [
  {
    key: 'all',
    title: 'no filter, by trajectory id',
    filter: {},
    sort: 'trajectory_id',
    descending: false,
    conditions: [],
  },
  {
    key: 'failed_tasks',
    title: 'failures of 50 tasks, by reward desc',
    filter: { outcome: 'failure', task_ids: SELECTED_TASKS },
    sort: 'reward',
    descending: true,
    conditions: [
      { sql: 'NOT t.success', params: {}, facet: 'outcome' },
      {
        sql: `t.task_id IN (${SELECTED_TASKS.map((_, i) => `$task${i}`).join(', ')})`,
        params: Object.fromEntries(SELECTED_TASKS.map((task, i) => [`task${i}`, task])),
        facet: 'task_id',
      },
    ],
  },
  {
    key: 'reward_turns',
    title: 'reward 0.2..0.8 and 10..40 turns',
    filter: { ranges: { reward: { min: 0.2, max: 0.8 }, n_turns: { min: 10, max: 40 } } },
    sort: 'trajectory_id',
    descending: false,
    conditions: [
      {
        sql: 't.reward BETWEEN $reward_min AND $reward_max',
        params: { reward_min: 0.2, reward_max: 0.8 },
      },
      {
        sql: 't.n_turns BETWEEN $turns_min AND $turns_max',
        params: { turns_min: 10, turns_max: 40 },
      },
    ],
  },
  {
    key: 'regression',
    title: 'at least 1 regression label, by progress score',
    filter: { ranges: { regression: { min: 1 } } },
    sort: 'progress_score',
    descending: false,
    conditions: [
      {
        sql: 'coalesce(lc.regression, 0) >= $regression_min',
        params: { regression_min: 1 },
        needs: 'labels',
      },
    ],
  },
];

const LABEL_COUNTS = `SELECT trajectory_id,
    count(*) FILTER (WHERE role_label = 'decisive_progress') AS decisive_progress,
    count(*) FILTER (WHERE role_label = 'useful_exploration') AS useful_exploration,
    count(*) FILTER (WHERE role_label = 'no_progress_infrastructure') AS no_progress_infrastructure,
    count(*) FILTER (WHERE role_label = 'regression') AS regression
  FROM labels_effective WHERE segmentation = 'action'`;

const SCORES = `SELECT trajectory_id, progress_score, outcome_advantage, failure_step
  FROM tw_trajectory_scores WHERE segmentation = 'action'`;

export interface BaselineQuery {
  sql: string;
  params: Record<string, string | number>;
}

function fromAndWhere(
  conditions: Condition[],
  options: { scores?: boolean; ignore?: FacetColumn } = {},
): BaselineQuery {
  const kept = conditions.filter((c) => options.ignore === undefined || c.facet !== options.ignore);
  let from = 'tw_trajectories t';
  if (options.scores === true || kept.some((c) => c.needs === 'scores')) {
    from += ` LEFT JOIN (${SCORES}) s USING (trajectory_id)`;
  }
  if (kept.some((c) => c.needs === 'labels')) {
    from += ` LEFT JOIN (${LABEL_COUNTS} GROUP BY trajectory_id) lc USING (trajectory_id)`;
  }
  const where = kept.length > 0 ? `WHERE ${kept.map((c) => c.sql).join(' AND ')}` : '';
  return { sql: `${from} ${where}`, params: Object.assign({}, ...kept.map((c) => c.params)) };
}

/** count(*) with the case's WHERE. */
export function baselineCount(c: ExplorerCase): BaselineQuery {
  const { sql, params } = fromAndWhere(c.conditions);
  return { sql: `SELECT count(*) AS total FROM ${sql}`, params };
}

/**
 * The first page of 100 (scores joined only when the sort needs them), then the scores and the
 * effective label counts of those 100 trajectories.
 */
export function baselinePage(c: ExplorerCase): BaselineQuery {
  const { sql, params } = fromAndWhere(c.conditions, { scores: c.sort === 'progress_score' });
  const direction = `${c.descending ? 'DESC' : 'ASC'} NULLS LAST`;
  const sortColumn = c.sort === 'progress_score' ? 's.progress_score' : `t.${c.sort}`;
  return {
    sql: `WITH page AS MATERIALIZED (
        SELECT t.trajectory_id, t.dataset_id, t.task_id, t.group_id, t.sample_index, t.model,
               t.reward, t.success, t.n_turns, t.n_actions, ${sortColumn} AS sort_value
        FROM ${sql} ORDER BY ${sortColumn} ${direction}, t.trajectory_id LIMIT 100),
      page_labels AS (
        SELECT * FROM tw_labels
        WHERE segmentation = 'action' AND trajectory_id IN (SELECT trajectory_id FROM page)
        QUALIFY row_number() OVER (PARTITION BY trajectory_id, segment_index
          ORDER BY CASE WHEN source LIKE 'human:%' THEN 0 WHEN source LIKE 'judge:%' THEN 1
                        ELSE 2 END, created_at DESC, label_id DESC) = 1)
      SELECT page.*, s.progress_score, s.outcome_advantage, s.failure_step,
             count(l.role_label) FILTER (WHERE l.role_label = 'decisive_progress') AS decisive_progress,
             count(l.role_label) FILTER (WHERE l.role_label = 'useful_exploration') AS useful_exploration,
             count(l.role_label) FILTER (WHERE l.role_label = 'no_progress_infrastructure')
               AS no_progress_infrastructure,
             count(l.role_label) FILTER (WHERE l.role_label = 'regression') AS regression
      FROM page LEFT JOIN (${SCORES}) s USING (trajectory_id)
      LEFT JOIN page_labels l USING (trajectory_id)
      GROUP BY ALL ORDER BY page.sort_value ${direction}, page.trajectory_id`,
    params,
  };
}

const FACET_EXPRESSIONS: Record<FacetColumn, string> = {
  dataset_id: 't.dataset_id',
  task_id: 't.task_id',
  model: 't.model',
  outcome: `CASE WHEN t.success THEN 'success' WHEN NOT t.success THEN 'failure' ELSE 'unknown' END`,
};

export const FACETS: FacetColumn[] = ['dataset_id', 'task_id', 'model', 'outcome'];

/**
 * The facet counts as a person would write them: the filtered rows once per distinct WHERE (a
 * facet leaves out its own selection), then one GROUPING SETS pass giving each facet's 30 most
 * frequent values and its distinct count. The `()` set is the total.
 */
export function baselineFacets(c: ExplorerCase): BaselineQuery[] {
  const byWhere = new Map<string, { query: BaselineQuery; facets: FacetColumn[] }>();
  for (const facet of [...FACETS, undefined]) {
    const query = fromAndWhere(c.conditions, facet === undefined ? {} : { ignore: facet });
    const entry = byWhere.get(query.sql) ?? { query, facets: [] };
    if (facet !== undefined) entry.facets.push(facet);
    byWhere.set(query.sql, entry);
  }
  return [...byWhere.values()].map(({ query, facets }) => {
    const columns = facets.map((facet) => `${FACET_EXPRESSIONS[facet]} AS ${facet}`);
    const sets = [...facets.map((facet) => `(${facet})`), '()'].join(', ');
    return {
      sql: `WITH filtered AS (SELECT ${['1 AS one', ...columns].join(', ')} FROM ${query.sql}),
        counted AS (
          SELECT ${facets.length > 0 ? `GROUPING(${facets.join(', ')})` : '0'} AS facet_set,
                 ${facets.length > 0 ? `${facets.join(', ')},` : ''} count(*) AS n
          FROM filtered GROUP BY GROUPING SETS (${sets}))
        SELECT *, count(*) OVER (PARTITION BY facet_set) AS distinct_values FROM counted
        QUALIFY row_number() OVER (PARTITION BY facet_set ORDER BY n DESC) <= 30`,
      params: query.params,
    };
  });
}
