// The charts page's one method: everything it draws for a filtered set of
// trajectories, aggregated in the engine so no per-trajectory rows travel to the renderer.
import * as z from 'zod';
import { method } from './api-method';
import { TrajectoryFilterShape } from './trajectory-filter';

export const CHART_OUTCOMES = ['success', 'failure', 'unknown'] as const;
export type ChartOutcome = (typeof CHART_OUTCOMES)[number];

/** Top groups shown by the per-task chart; `distinct` says how many there are in all. */
export const MAX_CHART_TASKS = 30;
export const MAX_CHART_MODELS = 30;
export const MAX_ROC_POINTS = 200;

const SuccessRowSchema = z.object({
  value: z.string().nullable(),
  /** Trajectories in the group; `known` of them have a known outcome. */
  n: z.number(),
  known: z.number(),
  successes: z.number(),
  /** successes / known; null when no outcome is known. */
  success_rate: z.number().nullable(),
});
export type SuccessRow = z.infer<typeof SuccessRowSchema>;

const SuccessBreakdownSchema = z.object({
  distinct: z.number(),
  rows: z.array(SuccessRowSchema),
});

/** Inclusive integer bins [lo, hi]; counts per outcome, one entry per bin. */
export const IntegerHistogramSchema = z.object({
  bins: z.array(z.object({ lo: z.number(), hi: z.number() })),
  counts: z.object({
    success: z.array(z.number()),
    failure: z.array(z.number()),
    unknown: z.array(z.number()),
  }),
});
export type IntegerHistogram = z.infer<typeof IntegerHistogramSchema>;

/** Equal-width bins over [min, max] (the last bin includes max). */
export const ValueHistogramSchema = z.object({
  values: z.number(),
  bins: z.array(z.object({ lo: z.number(), hi: z.number(), count: z.number() })),
});
export type ValueHistogram = z.infer<typeof ValueHistogramSchema>;

export const RocPointSchema = z.object({
  /** Predicted success when progress_score >= threshold; null for the (0, 0) start. */
  threshold: z.number().nullable(),
  fpr: z.number(),
  tpr: z.number(),
});
export type RocPoint = z.infer<typeof RocPointSchema>;

export const ChartsSchema = z.object({
  /** Trajectories matching the filter. */
  trajectories: z.number(),
  by_task: SuccessBreakdownSchema,
  by_model: SuccessBreakdownSchema,
  n_turns: IntegerHistogramSchema,
  n_actions: IntegerHistogramSchema,
  /** Effective labels of the filter's segmentation, per role and trajectory outcome. */
  label_mix: z.object({
    segments: z.number(),
    cells: z.array(
      z.object({ role_label: z.string(), outcome: z.enum(CHART_OUTCOMES), n: z.number() }),
    ),
  }),
  credit_total: ValueHistogramSchema,
  progress_score: ValueHistogramSchema,
  /** The progress score as a classifier of success; null without scores or with one class. */
  roc: z
    .object({
      positives: z.number(),
      negatives: z.number(),
      /** Mann-Whitney AUROC over all scores (ties count 1/2), not over the downsampled points. */
      auroc: z.number(),
      points: z.array(RocPointSchema),
    })
    .nullable(),
});
export type Charts = z.infer<typeof ChartsSchema>;

export const CHARTS_API = {
  getCharts: () =>
    method(
      z
        .object({ ...TrajectoryFilterShape, bins: z.number().int().min(2).max(100).default(20) })
        .strict(),
      ChartsSchema,
    ),
} as const;
