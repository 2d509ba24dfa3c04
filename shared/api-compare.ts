// The run comparison methods of the API table; shared/api.ts spreads them into API. Two datasets
// (runs of a model or checkpoint) are compared on the tasks both ran (docs/compare.md).
import { z } from 'zod';
import { Id, method } from './api-method';

const RunTaskSchema = z.object({
  /** Rollouts with a known outcome. */
  n: z.number(),
  successes: z.number(),
  /** Null when no rollout of the task has a reward. */
  mean_reward: z.number().nullable(),
});

export const CompareTaskSchema = z.object({
  task_id: z.string(),
  a: RunTaskSchema,
  b: RunTaskSchema,
  status: z.enum(['fixed', 'broken', 'unchanged']),
});

export const RunComparisonSchema = z.object({
  /** The two dataset ids, A then B. */
  runs: z.tuple([z.string(), z.string()]),
  shared_tasks: z.number(),
  /** Tasks with a known outcome in one run only, by dataset id. */
  only_in: z.record(z.string(), z.number()),
  fixed: z.number(),
  broken: z.number(),
  unchanged: z.number(),
  success_a: z.number(),
  success_b: z.number(),
  difference: z.number(),
  ci95: z.tuple([z.number(), z.number()]),
  mcnemar_p: z.number(),
  paired_p: z.number(),
  tasks: z.array(CompareTaskSchema),
});
export type RunComparison = z.infer<typeof RunComparisonSchema>;

export const COMPARE_API = {
  /** Runs A and B on their shared tasks: flips, success rates, McNemar, a paired test, a CI. */
  compareRuns: method(
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
      })
      .strict(),
    RunComparisonSchema,
  ),
} as const;
