// The run comparison methods of the API table; shared/api.ts spreads them into API. Two datasets
// (runs of a model or checkpoint) are compared on the tasks both ran (docs/compare.md).
import * as z from 'zod';
import { Id, method } from './api-method';
import { ROLE_LABELS } from './model';
import { TrajectoryFilterShape } from './trajectory-filter';

/** How a run behaved step by step, over a set of its rollouts (docs/compare.md, step level). */
const StepStatsShape = {
  /** Mean action turns (tool calls or answers) per trajectory. */
  mean_actions: z.number().nullable(),
  /** Tool results that are errors, over all tool results; null without tool results. */
  tool_error_rate: z.number().nullable(),
  /** Mean progress score (beta * log pi/pi_ref per step, trajectory mean); null when unscored. */
  mean_progress: z.number().nullable(),
};

const RunTaskSchema = z.object({
  /** Rollouts with a known outcome. */
  n: z.number(),
  successes: z.number(),
  /** Null when no rollout of the task has a reward. */
  mean_reward: z.number().nullable(),
  ...StepStatsShape,
});

export const RunStepStatsSchema = z.object({
  trajectories: z.number(),
  ...StepStatsShape,
  tool_results: z.number(),
  /** Steps with an effective TRIAGE label, and how many carry each role. */
  labelled_steps: z.number(),
  label_mix: z.record(z.enum(ROLE_LABELS), z.number()),
});
export type RunStepStats = z.infer<typeof RunStepStatsSchema>;

export const CompareTaskSchema = z.object({
  task_id: z.string(),
  a: RunTaskSchema,
  b: RunTaskSchema,
  status: z.enum(['fixed', 'broken', 'unchanged']),
  /** In the training set of the export run B was trained from; null when B has no lineage. */
  trained: z.boolean().nullable(),
});
export type CompareTask = z.infer<typeof CompareTaskSchema>;

/** Which shared tasks to compare: all, or those run B was (not) trained on. */
export const TASK_SCOPES = ['all', 'trained', 'held_out'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

const { dataset_id: _one, dataset_ids: _many, ...CompareFilterShape } = TrajectoryFilterShape;
/** The explorer's filter without its datasets: the runs say which datasets take part. */
export const CompareFilterSchema = z.object(CompareFilterShape).strict();

export const TaskRolloutSchema = z.object({
  trajectory_id: z.string(),
  sample_index: z.number().nullable(),
  success: z.boolean().nullable(),
  reward: z.number().nullable(),
  n_actions: z.number(),
  tool_errors: z.number(),
});
export type TaskRollout = z.infer<typeof TaskRolloutSchema>;

export const RunComparisonSchema = z.object({
  /** The two dataset ids, A then B. */
  runs: z.tuple([z.string(), z.string()]),
  shared_tasks: z.number(),
  /** Tasks with a known outcome in one run only, by dataset id. */
  only_in: z.record(z.string(), z.number()),
  fixed: z.number(),
  broken: z.number(),
  unchanged: z.number(),
  /** Mean per-task success rates; null when the runs share no task (ci95: fewer than two). */
  success_a: z.number().nullable(),
  success_b: z.number().nullable(),
  difference: z.number().nullable(),
  ci95: z.tuple([z.number(), z.number()]).nullable(),
  mcnemar_p: z.number(),
  paired_p: z.number(),
  /** Both right and both wrong split the unchanged tasks (a task succeeds at rate >= 0.5). */
  agreement: z.object({
    both_right: z.number(),
    both_wrong: z.number(),
    fixed: z.number(),
    broken: z.number(),
  }),
  /** Unbiased pass@k over the shared tasks, k the fewest rollouts of any task in either run. */
  pass_at_k: z.object({ k: z.number(), a: z.number(), b: z.number() }).nullable(),
  /** The tasks with a known outcome in one run only, by dataset id (sorted). */
  only_in_tasks: z.record(z.string(), z.array(z.string())),
  /** Run B's export (trained_from); its tasks are the `trained` ones. */
  trained_from: z.string().nullable(),
  scope: z.enum(TASK_SCOPES),
  /** Step-level behaviour of each run over the compared rollouts. */
  steps: z.object({ a: RunStepStatsSchema, b: RunStepStatsSchema }),
  tasks: z.array(CompareTaskSchema),
});
export type RunComparison = z.infer<typeof RunComparisonSchema>;

export const COMPARE_API = {
  /**
   * Runs A and B on their shared tasks: flips, success rates, McNemar, a paired test, a CI, and
   * how steps moved; only rollouts the filter keeps, only tasks in the scope.
   */
  compareRuns: () =>
    method(
      z
        .object({
          runs: z.tuple([Id, Id]).refine(([a, b]) => a !== b, 'compare two different datasets'),
          /** Seeds the bootstrap (and the sampled paired test): the same seed, the same numbers. */
          seed: z
            .number()
            .int()
            .min(0)
            .max(2 ** 31)
            .default(0),
          filter: CompareFilterSchema.prefault({}),
          tasks: z.enum(TASK_SCOPES).default('all'),
        })
        .strict(),
      RunComparisonSchema,
    ),
  /** One task in both runs: its rollouts side by side and each run's label mix on it. */
  compareTask: () =>
    method(
      z
        .object({
          runs: z.tuple([Id, Id]),
          task_id: z.string().min(1).max(1000),
          filter: CompareFilterSchema.prefault({}),
        })
        .strict(),
      z.object({
        task_id: z.string(),
        a: z.object({ rollouts: z.array(TaskRolloutSchema), steps: RunStepStatsSchema }),
        b: z.object({ rollouts: z.array(TaskRolloutSchema), steps: RunStepStatsSchema }),
      }),
    ),
} as const;
