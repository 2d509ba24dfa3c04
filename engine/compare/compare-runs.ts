// Two runs (datasets) on their shared tasks: each task's rollouts with a known outcome, its
// successes, mean reward and step figures in each run, then the paired statistics
// (shared/run-comparison.ts, docs/compare.md). The explorer's filter narrows the rollouts; the
// scope keeps the tasks run B was trained on (its export's tasks) or those held out.
import * as z from 'zod';
import type { CompareTask, RunComparison, TaskScope } from '../../shared/api-compare';
import { TurnwiseError } from '../../shared/result';
import { comparePaired, taskStatus } from '../../shared/run-comparison';
import type { ParsedTrajectoryFilter } from '../../shared/trajectory-filter';
import { exportTasks } from '../export/export-records';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { runTaskSums, stepStats, taskStepFigures, type TaskSums } from './run-task-stats';

export interface CompareRequest {
  runs: [string, string];
  seed: number;
  filter: ParsedTrajectoryFilter;
  tasks: TaskScope;
}

/** Run B's export and the tasks it holds; nulls when B names no export the workspace knows. */
export async function trainedTasks(
  workspace: Workspace,
  runB: string,
): Promise<{ exportId: string | null; tasks: Set<string> | null }> {
  const [row] = await workspace.queryAs(
    z.object({ trained_from: z.string().nullable() }),
    sql`SELECT trained_from FROM tw_runs WHERE dataset_id = ${runB}`,
  );
  const exportId = row?.trained_from ?? null;
  return { exportId, tasks: exportId === null ? null : await exportTasks(workspace, exportId) };
}

function inScope(scope: TaskScope, trained: Set<string> | null, runB: string) {
  if (scope === 'all') return () => true;
  if (trained === null) {
    throw new TurnwiseError(
      'invalid_input',
      `run '${runB}' names no export it was trained from, so its tasks cannot be split into ` +
        `trained and held out; set it with turnwise run --trained-from or on the dataset page`,
    );
  }
  return (task: string) => trained.has(task) === (scope === 'trained');
}

const summary = (sums: TaskSums) => ({
  n: sums.n,
  successes: sums.successes,
  mean_reward: sums.mean_reward,
  ...taskStepFigures(sums),
});

export async function compareRuns(
  workspace: Workspace,
  request: CompareRequest,
): Promise<RunComparison> {
  const [runA, runB] = request.runs;
  await requireDataset(workspace, runA);
  await requireDataset(workspace, runB);
  const { filter } = request;
  const lineage = await trainedTasks(workspace, runB);
  const keep = inScope(request.tasks, lineage.tasks, runB);
  const [a, b] = [
    await runTaskSums(workspace, runA, filter),
    await runTaskSums(workspace, runB, filter),
  ];
  const tasksA = [...a.keys()].filter(keep);
  const tasksB = [...b.keys()].filter(keep);
  const shared = tasksA.filter((task) => b.has(task)).sort();
  const tasks: CompareTask[] = shared.map((taskId) => {
    const inA = a.get(taskId) as TaskSums;
    const inB = b.get(taskId) as TaskSums;
    return {
      task_id: taskId,
      a: summary(inA),
      b: summary(inB),
      status: taskStatus(inA, inB),
      trained: lineage.tasks === null ? null : lineage.tasks.has(taskId),
    };
  });
  return {
    runs: [runA, runB],
    ...comparePaired(tasks, request.seed),
    only_in: { [runA]: tasksA.length - shared.length, [runB]: tasksB.length - shared.length },
    only_in_tasks: {
      [runA]: tasksA.filter((task) => !b.has(task)).sort(),
      [runB]: tasksB.filter((task) => !a.has(task)).sort(),
    },
    trained_from: lineage.exportId,
    scope: request.tasks,
    steps: {
      a: stepStats(shared.map((task) => a.get(task) as TaskSums)),
      b: stepStats(shared.map((task) => b.get(task) as TaskSums)),
    },
    tasks,
  };
}
