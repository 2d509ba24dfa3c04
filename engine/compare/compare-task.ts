// One task in both runs: its compared rollouts side by side, each with its tool errors, and
// each run's step figures on the task, for the Compare page's task view.
import { TaskRolloutSchema, type TaskRollout } from '../../shared/api-compare';
import type { ParsedTrajectoryFilter } from '../../shared/trajectory-filter';
import { searchedText } from '../query/text-search';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { runRollouts, runTaskSums, stepStats } from './run-task-stats';

async function rolloutsOf(
  workspace: Workspace,
  datasetId: string,
  taskId: string,
  filter: ParsedTrajectoryFilter,
): Promise<TaskRollout[]> {
  const rollouts = runRollouts(datasetId, filter, taskId, {
    textFromSearch: await searchedText(workspace, filter.text),
  });
  return workspace.queryAs(
    TaskRolloutSchema,
    sql`WITH sel AS (${rollouts})
        SELECT sel.trajectory_id, sel.sample_index, sel.success, sel.reward, sel.n_actions,
               (SELECT count(*) FROM tw_all_turns e
                WHERE e.trajectory_id = sel.trajectory_id AND e.role = 'tool'
                  AND e.error IS NOT NULL)::INTEGER AS tool_errors
        FROM sel ORDER BY sel.sample_index NULLS LAST, sel.trajectory_id`,
  );
}

export async function compareTask(
  workspace: Workspace,
  [runA, runB]: [string, string],
  taskId: string,
  filter: ParsedTrajectoryFilter,
) {
  await requireDataset(workspace, runA);
  await requireDataset(workspace, runB);
  const side = async (run: string) => ({
    rollouts: await rolloutsOf(workspace, run, taskId, filter),
    steps: stepStats([...(await runTaskSums(workspace, run, filter, taskId)).values()]),
  });
  return { task_id: taskId, a: await side(runA), b: await side(runB) };
}
