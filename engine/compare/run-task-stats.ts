// One run's rollouts, task by task, as the comparison needs them: outcomes and rewards, plus the
// step-level sums (actions, tool results and errors, progress scores, effective label counts)
// that say how its behaviour moved (docs/compare.md). Rollouts are those the explorer's filter
// keeps in the run's dataset, with a task_id and a known outcome.
import type { RunStepStats } from '../../shared/api-compare';
import { ROLE_LABELS, type RoleLabel } from '../../shared/model';
import type { ParsedTrajectoryFilter } from '../../shared/trajectory-filter';
import { filteredTrajectories, type FilterSqlOptions } from '../query/filter-sql';
import { searchedText } from '../query/text-search';
import { sql, type SqlFragment } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import * as z from 'zod';

export interface TaskSums {
  task_id: string;
  n: number;
  successes: number;
  mean_reward: number | null;
  actions: number;
  tool_results: number;
  tool_errors: number;
  progress_sum: number;
  progress_n: number;
  labels: Record<RoleLabel, number>;
}

/** A task's sums as the query gives them: one column per role label. */
const RowSchema = z.object({
  task_id: z.string(),
  n: z.number(),
  successes: z.number(),
  mean_reward: z.number().nullable(),
  actions: z.number(),
  tool_results: z.number(),
  tool_errors: z.number(),
  progress_sum: z.number(),
  progress_n: z.number(),
  ...(Object.fromEntries(ROLE_LABELS.map((role) => [role, z.number()])) as Record<
    RoleLabel,
    z.ZodNumber
  >),
});

/** The compared rollouts of a run (optionally of one task), as a SELECT over alias t. */
export function runRollouts(
  datasetId: string,
  filter: ParsedTrajectoryFilter,
  taskId?: string,
  options: Pick<FilterSqlOptions, 'textFromSearch'> = {},
): SqlFragment {
  const parts = filteredTrajectories({ ...filter, dataset_id: datasetId }, options);
  const task = taskId === undefined ? [] : [sql`t.task_id = ${taskId}`];
  return sql`SELECT t.trajectory_id, t.task_id, t.sample_index, t.success, t.reward, t.n_actions
    FROM ${parts.from} ${parts.where(sql`t.task_id IS NOT NULL`, sql`t.success IS NOT NULL`, ...task)}`;
}

export async function runTaskSums(
  workspace: Workspace,
  datasetId: string,
  filter: ParsedTrajectoryFilter,
  taskId?: string,
): Promise<Map<string, TaskSums>> {
  const rollouts = runRollouts(datasetId, filter, taskId, {
    textFromSearch: await searchedText(workspace, filter.text),
  });
  const segmentation = filter.segmentation;
  const within = sql`trajectory_id IN (SELECT trajectory_id FROM sel)`;
  const roles = sql.raw(
    ROLE_LABELS.map((r) => `coalesce(sum(lc.${r}), 0)::INTEGER AS ${r}`).join(', '),
  );
  const rows = await workspace.queryAs(
    RowSchema,
    sql`WITH sel AS (${rollouts}),
     tools AS (SELECT trajectory_id, count(*) AS results, count(error) AS errors
               FROM tw_all_turns WHERE role = 'tool' AND ${within} GROUP BY trajectory_id),
     scores AS (SELECT trajectory_id, progress_score FROM tw_trajectory_scores
                WHERE segmentation = ${segmentation} AND ${within}),
     lc AS (SELECT * FROM tw_label_counts WHERE segmentation = ${segmentation} AND ${within})
     SELECT sel.task_id, count(*)::INTEGER AS n,
            count(*) FILTER (WHERE sel.success)::INTEGER AS successes,
            avg(sel.reward) AS mean_reward, coalesce(sum(sel.n_actions), 0)::DOUBLE AS actions,
            coalesce(sum(tools.results), 0)::INTEGER AS tool_results,
            coalesce(sum(tools.errors), 0)::INTEGER AS tool_errors,
            coalesce(sum(scores.progress_score), 0)::DOUBLE AS progress_sum,
            count(scores.progress_score)::INTEGER AS progress_n, ${roles}
     FROM sel LEFT JOIN tools USING (trajectory_id) LEFT JOIN scores USING (trajectory_id)
       LEFT JOIN lc USING (trajectory_id)
     GROUP BY sel.task_id`,
  );
  return new Map(
    rows.map((row) => {
      const labels = Object.fromEntries(ROLE_LABELS.map((r) => [r, row[r]])) as TaskSums['labels'];
      return [row.task_id, { ...row, labels }];
    }),
  );
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Per-task step figures: means over the task's compared rollouts. */
export function taskStepFigures(sums: TaskSums) {
  return {
    mean_actions: ratio(sums.actions, sums.n),
    tool_error_rate: ratio(sums.tool_errors, sums.tool_results),
    mean_progress: ratio(sums.progress_sum, sums.progress_n),
  };
}

/** The step-level behaviour of a run over the given tasks' compared rollouts. */
export function stepStats(tasks: readonly TaskSums[]): RunStepStats {
  const total = (pick: (t: TaskSums) => number) => tasks.reduce((sum, t) => sum + pick(t), 0);
  const trajectories = total((t) => t.n);
  const toolResults = total((t) => t.tool_results);
  const labelMix = Object.fromEntries(
    ROLE_LABELS.map((role) => [role, total((t) => t.labels[role])]),
  ) as RunStepStats['label_mix'];
  return {
    trajectories,
    mean_actions: ratio(
      total((t) => t.actions),
      trajectories,
    ),
    tool_error_rate: ratio(
      total((t) => t.tool_errors),
      toolResults,
    ),
    mean_progress: ratio(
      total((t) => t.progress_sum),
      total((t) => t.progress_n),
    ),
    tool_results: toolResults,
    labelled_steps: ROLE_LABELS.reduce((sum, role) => sum + labelMix[role], 0),
    label_mix: labelMix,
  };
}
