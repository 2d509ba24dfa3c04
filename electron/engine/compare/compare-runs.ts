// Two runs (datasets) on their shared tasks: each task's rollouts with a known outcome, its
// successes and mean reward in each run, then the paired statistics (shared/run-comparison.ts,
// docs/compare.md). Rollouts without a task_id or a known outcome take no part.
import type { RunComparison } from '../../../shared/api-compare';
import { comparePaired, taskStatus } from '../../../shared/run-comparison';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

interface TaskRow {
  task_id: string;
  n: number;
  successes: number;
  mean_reward: number | null;
}

async function tasksOf(workspace: Workspace, datasetId: string): Promise<Map<string, TaskRow>> {
  const statement = sql`
    SELECT task_id, count(success)::INTEGER AS n,
           count(*) FILTER (WHERE success)::INTEGER AS successes, avg(reward) AS mean_reward
    FROM trajectories
    WHERE dataset_id = ${datasetId} AND task_id IS NOT NULL AND success IS NOT NULL
    GROUP BY task_id`;
  const rows = (await workspace.query(statement)) as unknown as TaskRow[];
  return new Map(rows.map((row) => [row.task_id, row]));
}

const summary = ({ n, successes, mean_reward }: TaskRow) => ({ n, successes, mean_reward });

export async function compareRuns(
  workspace: Workspace,
  [runA, runB]: [string, string],
  seed: number,
): Promise<RunComparison> {
  await requireDataset(workspace, runA);
  await requireDataset(workspace, runB);
  const [a, b] = [await tasksOf(workspace, runA), await tasksOf(workspace, runB)];
  const shared = [...a.keys()].filter((task) => b.has(task)).sort();
  const tasks = shared.map((taskId) => {
    const inA = summary(a.get(taskId) as TaskRow);
    const inB = summary(b.get(taskId) as TaskRow);
    return { task_id: taskId, a: inA, b: inB, status: taskStatus(inA, inB) };
  });
  return {
    runs: [runA, runB],
    ...comparePaired(tasks, seed),
    only_in: { [runA]: a.size - shared.length, [runB]: b.size - shared.length },
    tasks,
  };
}
