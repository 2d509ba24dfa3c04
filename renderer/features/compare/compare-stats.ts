// Per-task numbers the compare page derives from a RunComparison: success rates, the difference,
// the table's sort and the rollout pair a diff opens by default.
import type { CompareTask, TaskRollout } from '../../../shared/api-compare';
import { taskSucceeded } from '../../../shared/run-comparison';

type RunTask = CompareTask['a'];

export function successRate(task: RunTask): number | null {
  return task.n > 0 ? task.successes / task.n : null;
}

/** B's success rate minus A's on one task (null when either run has no known outcome). */
export function taskDifference(task: CompareTask): number | null {
  const a = successRate(task.a);
  const b = successRate(task.b);
  return a === null || b === null ? null : b - a;
}

export const TASK_SORT_COLUMNS = [
  'task_id',
  'trained',
  'rate_a',
  'rate_b',
  'reward',
  'difference',
  'status',
  'actions',
  'tool_errors',
  'progress',
] as const;
/** Columns of a value in A and in B ("a → b") sort by its change, B − A. */
export type TaskSortColumn = (typeof TASK_SORT_COLUMNS)[number];
export type TaskSort = { column: TaskSortColumn; descending: boolean };

const STATUS_ORDER = { fixed: 2, unchanged: 1, broken: 0 } as const;

function change(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : b - a;
}

function sortValue(task: CompareTask, column: TaskSortColumn): number | string | null {
  switch (column) {
    case 'task_id':
      return task.task_id;
    case 'trained':
      return task.trained === null ? null : Number(task.trained);
    case 'rate_a':
      return successRate(task.a);
    case 'rate_b':
      return successRate(task.b);
    case 'reward':
      return change(task.a.mean_reward, task.b.mean_reward);
    case 'difference':
      return taskDifference(task);
    case 'status':
      return STATUS_ORDER[task.status];
    case 'actions':
      return change(task.a.mean_actions, task.b.mean_actions);
    case 'tool_errors':
      return change(task.a.tool_error_rate, task.b.tool_error_rate);
    case 'progress':
      return change(task.a.mean_progress, task.b.mean_progress);
  }
}

/** Sorted copy: missing values last in either direction, ties by task id. */
export function sortTasks(tasks: readonly CompareTask[], sort: TaskSort): CompareTask[] {
  const sign = sort.descending ? -1 : 1;
  return [...tasks].sort((x, y) => {
    const a = sortValue(x, sort.column);
    const b = sortValue(y, sort.column);
    if (a === null || b === null) {
      if (a !== b) return a === null ? 1 : -1;
    } else if (a !== b) {
      const order = typeof a === 'string' ? a.localeCompare(String(b)) : a - (b as number);
      return sign * order;
    }
    return x.task_id.localeCompare(y.task_id);
  });
}

/**
 * The rollouts a diff opens first: a failure of the run where the task failed against a success
 * of the other run; otherwise the first rollout of each. Always [A's, B's].
 */
export function defaultDiffPair(
  a: readonly TaskRollout[],
  b: readonly TaskRollout[],
): [string, string] | null {
  const first = (rollouts: readonly TaskRollout[], success: boolean) =>
    rollouts.find((r) => r.success === success)?.trajectory_id;
  const outcome = (rollouts: readonly TaskRollout[]) =>
    taskSucceeded({
      n: rollouts.filter((r) => r.success !== null).length,
      successes: rollouts.filter((r) => r.success === true).length,
    });
  if (a.length === 0 || b.length === 0) return null;
  const fallback: [string, string] = [
    (a[0] as TaskRollout).trajectory_id,
    (b[0] as TaskRollout).trajectory_id,
  ];
  const aRight = outcome(a);
  const bRight = outcome(b);
  const failedA = !aRight && bRight ? first(a, false) : undefined;
  const failedB = aRight && !bRight ? first(b, false) : undefined;
  if (failedA !== undefined) return [failedA, first(b, true) ?? fallback[1]];
  if (failedB !== undefined) return [first(a, true) ?? fallback[0], failedB];
  // Same outcome in both: still prefer a failure of one against a success of the other.
  const mixedA = first(a, false);
  const mixedB = first(b, true);
  if (mixedA !== undefined && mixedB !== undefined) return [mixedA, mixedB];
  const mixedA2 = first(a, true);
  const mixedB2 = first(b, false);
  if (mixedA2 !== undefined && mixedB2 !== undefined) return [mixedA2, mixedB2];
  return fallback;
}

/** A small, stable offset per task so tasks with equal rates do not hide one another. */
export function jitter(taskId: string, spread = 0.025): number {
  let hash = 2166136261;
  for (let i = 0; i < taskId.length; i += 1) {
    hash ^= taskId.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (((hash >>> 0) % 1000) / 999 - 0.5) * 2 * spread;
}
