// Fixtures of the compare and runs tests: runs in a lineage, a comparison and a task's rollouts.
import type {
  CompareTask,
  RunComparison,
  RunStepStats,
  TaskRollout,
} from '../../../shared/api-compare';
import type { ExportRecord, RunInfo } from '../../../shared/api-runs';
import { unknownRun } from './compare-selection';

export function runInfo(id: string, extra: Partial<RunInfo> = {}): RunInfo {
  const stats = { trajectories: 10, tasks: 5, success_rate: 0.5, mean_reward: 0.5 };
  return { ...unknownRun(id), ...stats, ...extra };
}

export const EXPORT: ExportRecord = {
  export_id: 'exp-0123456789abcdef',
  target: 'trl-sft',
  path: '/exports/one',
  sources: ['base'],
  trajectories: 40,
  records: 40,
  tasks: 12,
  recorded_at: '2025-01-02T00:00:00Z',
};

/** base -> (export) -> ckpt; plus a run outside any lineage. */
export const RUNS: RunInfo[] = [
  runInfo('ckpt', {
    name: 'Checkpoint 1',
    step: 100,
    checkpoint: 'ckpt-100',
    trained_from: EXPORT.export_id,
    parent: 'base',
    success_rate: 0.7,
  }),
  runInfo('base', { name: 'Base', model: 'qwen', model_source: 'data', best: true }),
  runInfo('other', { name: 'Other' }),
];

export function steps(extra: Partial<RunStepStats> = {}): RunStepStats {
  return {
    trajectories: 8,
    mean_actions: 4,
    tool_error_rate: 0.25,
    mean_progress: 0.1,
    tool_results: 20,
    labelled_steps: 10,
    label_mix: {
      decisive_progress: 2,
      useful_exploration: 3,
      no_progress_infrastructure: 4,
      regression: 1,
    },
    ...extra,
  };
}

function side(successes: number, n: number, reward: number | null = null) {
  return {
    n,
    successes,
    mean_reward: reward,
    mean_actions: 3,
    tool_error_rate: 0.1,
    mean_progress: null,
  };
}

export const TASKS: CompareTask[] = [
  { task_id: 'same-right', a: side(2, 2), b: side(2, 2), status: 'unchanged', trained: true },
  { task_id: 'fixed-one', a: side(0, 2), b: side(2, 2), status: 'fixed', trained: true },
  { task_id: 'broken-one', a: side(2, 2), b: side(0, 2), status: 'broken', trained: false },
  { task_id: 'same-wrong', a: side(0, 2), b: side(0, 2), status: 'unchanged', trained: false },
  { task_id: 'half-up', a: side(1, 2), b: side(2, 2), status: 'unchanged', trained: false },
];

export function comparison(extra: Partial<RunComparison> = {}): RunComparison {
  return {
    runs: ['base', 'ckpt'],
    shared_tasks: 5,
    only_in: { base: 1, ckpt: 2 },
    fixed: 1,
    broken: 1,
    unchanged: 3,
    success_a: 0.5,
    success_b: 0.6,
    difference: 0.1,
    ci95: [-0.2, 0.4],
    mcnemar_p: 1,
    paired_p: 0.75,
    // half-up: 1 of 2 is a success in A already, so it is both right, not fixed.
    agreement: { both_right: 2, both_wrong: 1, fixed: 1, broken: 1 },
    pass_at_k: { k: 2, a: 0.6, b: 0.8 },
    only_in_tasks: { base: ['only-a'], ckpt: ['only-b1', 'only-b2'] },
    trained_from: EXPORT.export_id,
    scope: 'all',
    steps: { a: steps(), b: steps({ mean_actions: 5, tool_error_rate: 0.1 }) },
    tasks: TASKS,
    ...extra,
  };
}

export function rollout(id: string, success: boolean | null, sample: number): TaskRollout {
  return {
    trajectory_id: id,
    sample_index: sample,
    success,
    reward: success === null ? null : Number(success),
    n_actions: 3,
    tool_errors: 0,
  };
}
