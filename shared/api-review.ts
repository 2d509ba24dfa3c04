// The review and judge-evaluation methods of the API table (DESIGN s5); shared/api.ts spreads them
// into API. A review queue is filled by documented rules (and by hand); reviewers approve, reject
// or relabel each item; every decision is an append-only event; approved counterexamples and all
// human labels form the suite a judge prompt version is measured against.
import { z } from 'zod';
import { Empty, Id, method } from './api-method';
import { JobStateSchema } from './job-state';
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

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'relabeled'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const RoleLabelSchema = z.enum(ROLE_LABELS);
const AnnotatorName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ - (1-64)');

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

/** Per-role and overall agreement of one labeler against a reference (human) labeling. */
export const AgreementReportSchema = z.object({
  /** Segments both labeled. */
  n: z.number(),
  accuracy: z.number().nullable(),
  kappa: z.number().nullable(),
  per_role: z.array(
    z.object({
      role: RoleLabelSchema,
      support: z.number(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      f1: z.number().nullable(),
    }),
  ),
  /** confusion[i][j]: reference role i (ROLE_LABELS order), predicted role j. */
  confusion: z.array(z.array(z.number())),
});
export type AgreementReport = z.infer<typeof AgreementReportSchema>;

export const JudgeEvalSchema = z.object({
  prompt_version: z.string(),
  model: z.string().nullable(),
  segmentation: z.string(),
  /** Against the approved (and relabeled) counterexamples: the human decision is the truth. */
  counterexamples: AgreementReportSchema,
  /** Against every segment with a human label in force. */
  human_labeled: AgreementReportSchema,
  /** Regression inside successful trajectories, as the TRIAGE paper reports it. */
  regression_in_success: z.object({
    support: z.number(),
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    f1: z.number().nullable(),
  }),
  /** Suite segments without a label from this version (not yet judged, or failed). */
  unjudged: z.number(),
});
export type JudgeEval = z.infer<typeof JudgeEvalSchema>;

export const REVIEW_API = {
  /**
   * Applies the queue rules to the workspace (a 'review' job; result {added, by_rule}); items
   * already queued keep their decisions, and re-running adds only what is new.
   */
  startReviewQueue: method(
    z
      .object({
        dataset_id: Id.optional(),
        segmentation: SegmentationNameSchema.default('action'),
        rules: z.array(z.enum(REVIEW_RULES)).min(1).optional(),
        /** low_judge_confidence: judge labels below this confidence. */
        min_confidence: z.number().min(0).max(1).default(0.6),
      })
      .strict(),
    JobStateSchema,
  ),
  /** Adds a segment, or a whole trajectory (segment_index omitted), to the queue by hand. */
  addReviewItem: method(
    z
      .object({
        trajectory_id: Id,
        segment_index: z.number().int().min(0).optional(),
        segmentation: SegmentationNameSchema.default('action'),
        proposed: RoleLabelSchema.optional(),
        note: z.string().max(4000).optional(),
        by: AnnotatorName.default('local'),
      })
      .strict(),
    ReviewQueueItemSchema,
  ),
  /** The queue, filtered, in a stable order (rule, trajectory, segment), a page at a time. */
  listReviewQueue: method(
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
  decideReviewItem: method(
    z
      .object({
        item_id: Id,
        decision: z.enum(['approve', 'reject', 'relabel']),
        label: RoleLabelSchema.optional(),
        note: z.string().max(4000).optional(),
        by: AnnotatorName.default('local'),
      })
      .strict(),
    ReviewQueueItemSchema,
  ),
  /** Undoes the newest decision of an item (appends an event; nothing is deleted). */
  undoReviewDecision: method(
    z.object({ item_id: Id, by: AnnotatorName.default('local') }).strict(),
    ReviewQueueItemSchema,
  ),
  /** Every decision event of an item, oldest first. */
  listReviewEvents: method(
    z.object({ item_id: Id }).strict(),
    z.object({ events: z.array(ReviewEventSchema) }),
  ),
  /**
   * Measures a judge prompt version against the suite (approved counterexamples and all human
   * labels); with an endpoint, judges the suite segments it has no label for first (an
   * 'evaluate' job whose result is a JudgeEval).
   */
  startJudgeEval: method(
    z
      .object({
        prompt_version: Id,
        segmentation: SegmentationNameSchema.default('action'),
        /** Without endpoint and model, only labels already written by this version are scored. */
        endpoint: z.string().url().max(2000).optional(),
        model: z.string().min(1).max(300).optional(),
        api_key_env: z.string().max(128).optional(),
      })
      .strict(),
    JobStateSchema,
  ),
  /** The annotators who have labeled (human:<name>), with their label counts. */
  listAnnotators: method(
    Empty,
    z.object({ annotators: z.array(z.object({ name: z.string(), labels: z.number() })) }),
  ),
  /** Agreement between two annotators on the segments both labeled (their newest labels). */
  getAnnotatorAgreement: method(
    z
      .object({
        a: AnnotatorName,
        b: AnnotatorName,
        segmentation: SegmentationNameSchema.default('action'),
      })
      .strict(),
    AgreementReportSchema,
  ),
} as const;
