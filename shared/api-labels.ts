// The labels methods of the API table; shared/api.ts spreads them into API. Human labels are set
// one segment at a time from the trajectory view; heuristic labels come from a versioned rule set
// run as a job over a dataset (docs/credit.md, docs/judge.md).
import * as z from 'zod';
import { LABEL_READS } from './label-reads';
import { Empty, Id, method } from './api-method';
import { jobStateOf } from './job-kinds';
import { ROLE_LABELS } from './model';
import { DEFAULT_SEGMENTATION, SegmentationNameSchema } from './segments';

export const RoleLabelSchema = z.enum(ROLE_LABELS);

/** Who set a label: `human:<annotator>`, `judge:<prompt version>@<model>`, `heuristic:<rule set>`. */
export const LABEL_SOURCE_KINDS = ['human', 'judge', 'heuristic'] as const;
export type LabelSourceKind = (typeof LABEL_SOURCE_KINDS)[number];

/** The kind of a source string, or null for a source no labeler writes. */
export function labelSourceKind(source: string): LabelSourceKind | null {
  const kind = source.slice(0, source.indexOf(':'));
  return (LABEL_SOURCE_KINDS as readonly string[]).includes(kind)
    ? (kind as LabelSourceKind)
    : null;
}

/** An annotator name goes into the source string, so it is kept to a plain token. */
/** Who labels or reviews: the one rule for annotator names, in labels (human:<name>) and review. */
export const AnnotatorSchema = z
  .string()
  .regex(/^[A-Za-z0-9._@-]{1,80}$/, 'letters, digits, dot, dash, underscore and @ (1-80)');

/** One row of the append-only label log. */
export const LabelEventSchema = z.object({
  label_id: z.string(),
  trajectory_id: z.string(),
  segment_index: z.number(),
  segmentation: z.string(),
  role_label: RoleLabelSchema,
  source: z.string(),
  rationale: z.string().nullable(),
  confidence: z.number().nullable(),
  created_at: z.string(),
});
export type LabelEvent = z.infer<typeof LabelEventSchema>;

/** A segment of a trajectory with the label in force (human beats judge beats heuristic). */
export const LabeledSegmentSchema = z.object({
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
  /** A one-line summary of the segment's last action: `tool(arguments)` or its text. */
  action: z.string(),
  label: LabelEventSchema.nullable(),
});
export type LabeledSegment = z.infer<typeof LabeledSegmentSchema>;

/** The outcome of a heuristic labeling job. */
export const HeuristicLabelSummarySchema = z.object({
  /** Null when every dataset of the workspace was labeled. */
  dataset_id: z.string().nullable(),
  ruleset: z.string(),
  source: z.string(),
  segmentation: z.string(),
  trajectories: z.number(),
  /** Labels appended; one per segment. */
  labeled: z.number(),
  /** Earlier labels of the same rule-set version for these trajectories, replaced. */
  replaced: z.number(),
  counts: z.record(RoleLabelSchema, z.number()),
  /** How many labels each rule decided. */
  rules: z.record(z.string(), z.number()),
  seconds: z.number(),
});
export type HeuristicLabelSummary = z.infer<typeof HeuristicLabelSummarySchema>;

/** A 'label' job, whose result is a HeuristicLabelSummary. */
export const LabelJobSchema = jobStateOf('label', HeuristicLabelSummarySchema);

/** A rule of the heuristic rule set, in precedence order (for the docs and the UI). */
export const HeuristicRuleInfoSchema = z.object({
  name: z.string(),
  role_label: RoleLabelSchema,
  rationale: z.string(),
});

const Segmentation = SegmentationNameSchema.default(DEFAULT_SEGMENTATION);

export const LABELS_API = {
  /** A trajectory's segments (computed on first use) with their labels in force and every event. */
  getSegments: () =>
    method(
      z.object({ trajectory_id: Id, segmentation: Segmentation }).strict(),
      z.object({
        trajectory_id: z.string(),
        segmentation: z.string(),
        segments: z.array(LabeledSegmentSchema),
        /** Every label event of the trajectory under this segmentation, oldest first. */
        events: z.array(LabelEventSchema),
      }),
    ),
  /** Appends a human label event (committed before the answer) and returns it. */
  setLabel: () =>
    method(
      z
        .object({
          trajectory_id: Id,
          segment_index: z.number().int().min(0),
          segmentation: Segmentation,
          role_label: RoleLabelSchema,
          rationale: z.string().max(4000).optional(),
          annotator: AnnotatorSchema.default('local'),
        })
        .strict(),
      LabelEventSchema,
      { invalidates: LABEL_READS },
    ),
  /**
   * Runs the heuristic rule set over a dataset, or every dataset when none is given (job kind
   * 'label', one transaction); its result is a HeuristicLabelSummary.
   */
  startHeuristicLabels: () =>
    method(
      z.object({ dataset_id: Id.optional(), segmentation: Segmentation }).strict(),
      LabelJobSchema,
    ),
  /** The heuristic rule set's version and its rules in precedence order. */
  listHeuristicRules: () =>
    method(Empty, z.object({ ruleset: z.string(), rules: z.array(HeuristicRuleInfoSchema) })),
} as const;
