// The review methods of the API table (docs/judge.md); shared/api.ts spreads them into API. A review
// queue is filled by documented rules (and by hand); reviewers approve, reject or relabel each
// item; every decision is an append-only event whose newest one is in force.
import * as z from 'zod';
import { LABEL_READS } from './label-reads';
import { AnnotatorSchema } from './api-labels';
import { Id, method } from './api-method';
import { jobStateOf } from './job-kinds';
import { ROLE_LABELS } from './model';
import { SegmentationNameSchema } from './segments';

/** Why an item is in the queue; each rule is documented in docs/review.md. */
export const REVIEW_RULES = [
  'regression_in_success',
  'progress_in_failure',
  'label_disagreement',
  'low_judge_confidence',
  'failure_step_in_success',
  'sign_flip',
  'manual',
] as const;
export type ReviewRule = (typeof REVIEW_RULES)[number];

/** failure_step_in_success's default threshold on the progress drop (docs/review.md). */
export const DEFAULT_PROGRESS_DROP = 0.2;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'relabeled'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const RoleLabelSchema = z.enum(ROLE_LABELS);

/** One queue item with its decision in force (the newest event). */
export const ReviewQueueItemSchema = z.object({
  item_id: z.string(),
  rule: z.enum(REVIEW_RULES),
  trajectory_id: z.string(),
  /** null for a whole trajectory added by hand. */
  segment_index: z.number().nullable(),
  segmentation: z.string(),
  /** The label the rule puts up for approval (null for a trajectory added by hand). */
  proposed: RoleLabelSchema.nullable(),
  /** Why the item is in the queue, in words, e.g. "judge says regression (0.91) in a success". */
  reason: z.string(),
  /** The other signals at the time of queueing: labels by source, credit, outcome. */
  evidence: z.record(z.string(), z.unknown()),
  status: z.enum(REVIEW_STATUSES),
  decided_label: RoleLabelSchema.nullable(),
  note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>;

export const ReviewEventSchema = z.object({
  item_id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  decided_label: RoleLabelSchema.nullable(),
  note: z.string().nullable(),
  decided_by: z.string(),
  decided_at: z.string(),
});

/** The result of a 'review' job (startReviewQueue): the items added, per rule. */
export const ReviewQueueResultSchema = z.object({
  added: z.number(),
  by_rule: z.record(z.string(), z.number()),
  segmentation: z.string(),
  dataset_id: z.string().nullable(),
});
export type ReviewQueueResult = z.infer<typeof ReviewQueueResultSchema>;

/** A 'review' job, whose result is a ReviewQueueResult. */
export const ReviewJobSchema = jobStateOf('review', ReviewQueueResultSchema);

/**
 * How a rule's items were decided: decided = approved + relabeled + rejected; precision =
 * (approved + relabeled) / decided (the share of its items worth a reviewer's time), null
 * while none is decided.
 */
export const ReviewRuleStatsSchema = z.object({
  rule: z.enum(REVIEW_RULES),
  queued: z.number(),
  pending: z.number(),
  decided: z.number(),
  approved: z.number(),
  relabeled: z.number(),
  rejected: z.number(),
  precision: z.number().nullable(),
});
export type ReviewRuleStats = z.infer<typeof ReviewRuleStatsSchema>;

export const REVIEW_API = {
  /**
   * Applies the queue rules to the workspace (a 'review' job; its result is a
   * ReviewQueueResult); items already queued keep their decisions, and re-running adds only what
   * is new ('manual' in rules is ignored; rules of only 'manual' are refused).
   */
  startReviewQueue: () =>
    method(
      z
        .object({
          dataset_id: Id.optional(),
          segmentation: SegmentationNameSchema.default('action'),
          rules: z.array(z.enum(REVIEW_RULES)).min(1).optional(),
          /** low_judge_confidence: judge labels below this confidence. */
          min_confidence: z.number().min(0).max(1).default(0.6),
          /**
           * failure_step_in_success: the progress drop at the failure step (minus the step's
           * progress advantage) must exceed this (finite, >= 0); the default keeps to clear drops.
           */
          min_progress_drop: z.number().min(0).default(DEFAULT_PROGRESS_DROP),
        })
        .strict(),
      ReviewJobSchema,
    ),
  /**
   * Adds a segment, or a whole trajectory (segment_index omitted), to the queue by hand; adding
   * the same one again returns the queued item. A whole trajectory can only be rejected.
   */
  addReviewItem: () =>
    method(
      z
        .object({
          trajectory_id: Id,
          segment_index: z.number().int().min(0).optional(),
          segmentation: SegmentationNameSchema.default('action'),
          proposed: RoleLabelSchema.optional(),
          note: z.string().max(4000).optional(),
          by: AnnotatorSchema.default('local'),
        })
        .strict(),
      ReviewQueueItemSchema,
      { invalidates: ['listReviewQueue'] },
    ),
  /**
   * The queue, filtered, in a stable order (rule, trajectory, segmentation, segment with whole
   * trajectories first), a page at a time. total counts the filtered items.
   */
  listReviewQueue: () =>
    method(
      z
        .object({
          status: z.enum(REVIEW_STATUSES).optional(),
          rule: z.enum(REVIEW_RULES).optional(),
          offset: z.number().int().min(0).default(0),
          limit: z.number().int().min(1).max(500).default(100),
        })
        .strict(),
      z.object({
        items: z.array(ReviewQueueItemSchema),
        total: z.number(),
        /** Counts over the whole queue, for progress and the filter menus. */
        by_status: z.record(z.string(), z.number()),
        by_rule: z.record(z.string(), z.number()),
      }),
    ),
  /**
   * Appends a decision (committed before the answer). approve: the proposed label is right;
   * relabel: `label` is; both write a human label for the segment. reject: the proposal is wrong.
   */
  decideReviewItem: () =>
    method(
      z
        .object({
          item_id: Id,
          decision: z.enum(['approve', 'reject', 'relabel']),
          label: RoleLabelSchema.optional(),
          note: z.string().max(4000).optional(),
          by: AnnotatorSchema.default('local'),
        })
        .strict(),
      ReviewQueueItemSchema,
      { invalidates: ['listReviewEvents', 'getSegments', ...LABEL_READS] },
    ),
  /**
   * Returns an item to its state before its newest event, appending an event (so undoing an undo
   * redoes), and puts the segment's human label back to match (docs/review.md).
   */
  undoReviewDecision: () =>
    method(
      z.object({ item_id: Id, by: AnnotatorSchema.default('local') }).strict(),
      ReviewQueueItemSchema,
      { invalidates: ['listReviewEvents', 'getSegments', ...LABEL_READS] },
    ),
  /** Each rule's items by the status in force, with its precision so far, in REVIEW_RULES order. */
  getReviewRuleStats: () =>
    method(z.object({}).strict(), z.object({ rules: z.array(ReviewRuleStatsSchema) })),
  /** Every decision event of an item, oldest first. */
  listReviewEvents: () =>
    method(z.object({ item_id: Id }).strict(), z.object({ events: z.array(ReviewEventSchema) })),
} as const;
