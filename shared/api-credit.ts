// The credit methods of the API table (docs/credit.md); shared/api.ts spreads them into API.
import * as z from 'zod';
import { CreditParamsSchema } from './credit';
import { Id, method } from './api-method';
import { jobStateOf } from './job-kinds';
import { SegmentationNameSchema } from './segments';

const Segmentation = SegmentationNameSchema.default('action');

export const SegmentCreditSchema = z.object({
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
  role_label: z.string().nullable(),
  label_source: z.string().nullable(),
  outcome_advantage: z.number().nullable(),
  role_bonus: z.number().nullable(),
  progress_advantage: z.number().nullable(),
  total: z.number().nullable(),
  sign_flipped: z.boolean().nullable(),
});
export type SegmentCredit = z.infer<typeof SegmentCreditSchema>;

export const TrajectoryScoreSchema = z.object({
  progress_score: z.number().nullable(),
  failure_step: z.number().nullable(),
  best_in_group: z.boolean().nullable(),
  outcome_advantage: z.number().nullable(),
  group_flag: z.string().nullable(),
  n_steps: z.number().nullable(),
});

export const HistogramSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Equal-width bins over [min, max]; counts of the values in each. */
  counts: z.array(z.number()),
});

/** Dataset-level view of one credit computation: distributions and how well the score works. */
export const CreditStatsSchema = z.object({
  trajectories: z.number(),
  segments: z.number(),
  sign_flips: z.number(),
  histograms: z.object({
    total: HistogramSchema,
    progress_advantage: HistogramSchema,
    progress_score: HistogramSchema,
  }),
  /** AUROC of the progress score against success (Mann-Whitney, ties 1/2). */
  auroc: z.number().nullable(),
  /** Spearman rank correlation of the progress score with the reward. */
  spearman: z.number().nullable(),
  /** Predicted failure step against metadata.failure_step where the data has one. */
  failure: z.object({
    evaluated: z.number(),
    accuracy: z.number().nullable(),
    mean_abs_error_steps: z.number().nullable(),
  }),
});
export type CreditStats = z.infer<typeof CreditStatsSchema>;

/** The result of a 'credit' job: what it computed, with the parameters it used. */
export const CreditSummarySchema = z.object({
  segmentation: z.string(),
  params: CreditParamsSchema,
  trajectories: z.number(),
  segments: z.number(),
  segments_with_progress: z.number(),
  flagged_groups: z.object({
    singleton: z.number(),
    zero_variance: z.number(),
    no_rewards: z.number(),
  }),
  sign_flips: z.number(),
  seconds: z.number(),
});
export type CreditSummary = z.infer<typeof CreditSummarySchema>;

/** A 'credit' job, whose result is a CreditSummary. */
export const CreditJobSchema = jobStateOf('credit', CreditSummarySchema);

const CreditInput = {
  dataset_id: Id.optional(),
  segmentation: Segmentation,
  params: CreditParamsSchema.default(CreditParamsSchema.parse({})),
};

export const TurnTreeNodeSchema = z.object({
  id: z.number(),
  parent: z.number().nullable(),
  depth: z.number(),
  role: z.string().nullable(),
  /** The start of the turn's (normalised) content. */
  preview: z.string().nullable(),
  tool_names: z.array(z.string()),
  /** The turn's tool calls, argument text cut to ARGUMENT_CHARS (shared/turn-tree-summary.ts). */
  tool_calls: z.array(z.object({ name: z.string(), arguments: z.string() })),
  /** The turn's turn_index in every rollout through the node (depth - 1); null at the root. */
  turn_index: z.number().nullable(),
  children: z.array(z.number()),
  n: z.number(),
  n_known: z.number(),
  successes: z.number(),
  p: z.number().nullable(),
  success_variance: z.number().nullable(),
  value: z.number().nullable(),
  branch_advantage: z.number().nullable(),
  rollout_ids: z.array(z.string()),
});

const SignCountsSchema = z.object({
  positive: z.number(),
  zero: z.number(),
  negative: z.number(),
  unknown: z.number(),
});

export const CreditAgreementSchema = z.object({
  labeled_segments: z.number(),
  /** Groups beyond the turn-tree cap, whose branch advantages are unknown. */
  groups_left_out: z.number(),
  spearman: z.object({
    role_vs_progress: z.number().nullable(),
    role_vs_branch: z.number().nullable(),
    progress_vs_branch: z.number().nullable(),
  }),
  /** Per role: how the progress and branch advantages of its segments are signed. */
  confusion: z.array(
    z.object({
      role: z.string(),
      segments: z.number(),
      progress: SignCountsSchema,
      branch: SignCountsSchema,
    }),
  ),
});
export type CreditAgreement = z.infer<typeof CreditAgreementSchema>;

export const CREDIT_API = {
  /** Computes and stores credit for a dataset (or every dataset) as a job. */
  startCredit: () => method(z.object(CreditInput).strict(), CreditJobSchema),
  /** The stored credit of one trajectory, segment by segment, with its trajectory scores. */
  getTrajectoryCredit: () =>
    method(
      z.object({ trajectory_id: Id, segmentation: Segmentation }).strict(),
      z.object({
        segments: z.array(SegmentCreditSchema),
        score: TrajectoryScoreSchema.nullable(),
        params: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
  /** Stored credit statistics of a dataset. */
  getCreditStats: () =>
    method(
      z.object({ dataset_id: Id, segmentation: Segmentation }).strict(),
      CreditStatsSchema.extend({ params: z.record(z.string(), z.unknown()).nullable() }),
    ),
  /**
   * Credit with other parameters, computed and not kept: a dataset's statistics and, when asked,
   * one trajectory's segments (the credit panel's live preview).
   */
  previewCredit: () =>
    method(
      z.object({ ...CreditInput, dataset_id: Id, trajectory_id: Id.optional() }).strict(),
      z.object({
        stats: CreditStatsSchema,
        trajectory: z
          .object({
            segments: z.array(SegmentCreditSchema),
            score: TrajectoryScoreSchema.nullable(),
          })
          .nullable(),
      }),
    ),
  /** A group's rollouts as a prefix tree of turns with Monte-Carlo values per node. */
  getTurnTree: () =>
    method(
      z.object({ dataset_id: Id, group_id: Id }).strict(),
      z.object({ rollouts: z.number(), nodes: z.array(TurnTreeNodeSchema) }),
    ),
  /** Agreement of TRIAGE roles, progress advantage and turn-tree branch advantage (labeled data). */
  getCreditAgreement: () =>
    method(
      z.object({ dataset_id: Id, segmentation: Segmentation }).strict(),
      CreditAgreementSchema,
    ),
} as const;
