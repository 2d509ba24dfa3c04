// The export methods of the API table; shared/api.ts spreads them into API. An export writes a
// curated selection of trajectories in a trainer's dataset format, with a manifest (docs/export.md).
import * as z from 'zod';
import { method } from './api-method';
import { EXPORT_TARGETS } from './export-targets';
import { jobStateOf } from './job-kinds';
import { TrajectoryFilterSchema } from './trajectory-filter';

// The target ids and what is said about each live in the registry (export-targets.ts).
export { EXPORT_TARGETS, type ExportTarget } from './export-targets';

/** Where a turn's credit comes from when a target weights turns (docs/credit.md). */
export const CREDIT_SOURCES = ['total', 'progress_advantage', 'branch_advantage'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/**
 * How credit becomes a per-turn weight: `linear` w = clip(1 + scale * x, min, max); `exp`
 * w = clip(exp(scale * x), min, max). x is the turn's credit from `source`; turns without credit
 * keep weight 1. Binary train flags (axolotl) are `x >= train_threshold`.
 */
export const WeightingSchema = z
  .object({
    source: z.enum(CREDIT_SOURCES).default('total'),
    transform: z.enum(['linear', 'exp']).default('linear'),
    scale: z.number().finite().min(0).max(100).default(1),
    min: z.number().finite().min(0).max(100).default(0),
    max: z.number().finite().min(0).max(100).default(2),
    train_threshold: z.number().finite().default(0),
    /** Per-trajectory weights: none, or DRIFT's softmax over rewards within a group. */
    trajectory: z.enum(['none', 'drift']).default('none'),
    drift_beta: z.number().finite().gt(0).max(100).default(0.2),
    /** Targets without a weight field: write each record round(trajectory weight) times. */
    duplicate_by_weight: z.boolean().default(false),
  })
  .strict()
  .refine((w) => w.min <= w.max, {
    message: 'the weight minimum must not exceed the maximum',
    path: ['min'],
  });
export type Weighting = z.output<typeof WeightingSchema>;

/** Preference pairs for trl-dpo, trl-kto and llamafactory (docs/credit.md, ETO and IPR). */
export const PairingSchema = z
  .object({
    /** Success vs failure of the same task. */
    trajectory: z.boolean().default(true),
    /** At turn-tree branch points: the higher-value continuation vs the lower one. */
    step: z.boolean().default(false),
    /** Step pairs need a value gap (success-rate difference) of at least this. */
    min_gap: z.number().finite().min(0).max(1).default(0.5),
    /** Trajectory pairs per task, at most. */
    max_pairs_per_task: z.number().int().min(1).max(10_000).default(16),
  })
  .strict();
export type Pairing = z.output<typeof PairingSchema>;

export const COUNTEREXAMPLE_MODES = ['keep', 'drop', 'only'] as const;
export const TOP_K_ORDERS = ['reward', 'progress_score'] as const;

/** What an export does with assistant reasoning. */
export const REASONING_MODES = ['keep', 'drop'] as const;

/**
 * Secrets in exported text (docs/security.md): `redact` re-scans every record with the current
 * rules, `keep` writes the text as stored. Unset, each dataset's choice holds: a dataset redacted
 * at import is written as stored, a kept or never-scanned one is re-scanned.
 */
export const EXPORT_SECRETS_MODES = ['keep', 'redact'] as const;

/** A dot path into trajectories.metadata: keys of letters, digits, `_` and `-`. */
export const GROUND_TRUTH_PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** What to export: the explorer's filter, an optional SQL condition, and curation options. */
export const ExportSelectionSchema = z
  .object({
    target: z.enum(EXPORT_TARGETS),
    filter: TrajectoryFilterSchema.default({ outcome: 'any', segmentation: 'action' }),
    /** One boolean SQL expression over the columns of the public `trajectories` view. */
    where: z.string().trim().min(1).max(4000).optional(),
    /** Keeps at most this many trajectories per task, an even spread (by id hash), not the best. */
    max_per_task: z.number().int().min(1).max(1_000_000).optional(),
    /** Keeps the best k per task by `top_k_by` (ties by trajectory id). */
    top_k: z.number().int().min(1).max(1_000_000).optional(),
    top_k_by: z.enum(TOP_K_ORDERS).default('reward'),
    /**
     * Difficulty is the success rate of the trajectory's group (its task when it has no group),
     * over all its rollouts in the workspace: keep groups whose rate lies in this range.
     */
    group_success_min: z.number().min(0).max(1).optional(),
    group_success_max: z.number().min(0).max(1).optional(),
    /**
     * Stratify by difficulty: this many equal-width bins of group success rate, the same number
     * kept from each non-empty bin (as many as the smallest has).
     */
    stratify_bins: z.number().int().min(2).max(20).optional(),
    /** Trajectories with an approved counterexample: keep them, drop them, or keep only them. */
    counterexamples: z.enum(COUNTEREXAMPLE_MODES).default('keep'),
    weighting: WeightingSchema.prefault({}),
    pairs: PairingSchema.prefault({}),
    /** llamafactory: preference pairs (its ranking format) instead of SFT conversations. */
    preference: z.boolean().default(false),
    /** tokens target: a local tokenizer.json used where token ids are not stored. */
    tokenizer_path: z.string().min(1).max(4000).optional(),
    /**
     * Assistant reasoning: kept in each trainer's convention (`reasoning_content`, or `<think>`
     * in the content where the trainer's templates read it from there), or left out.
     */
    reasoning: z.enum(REASONING_MODES).default('keep'),
    /**
     * RL prompt targets: the metadata field (a dot path, e.g. `reward_spec.answer`) that holds
     * the task's reference answer, in place of the format defaults.
     */
    ground_truth: z
      .string()
      .trim()
      .regex(GROUND_TRUTH_PATH, 'expected a dot path of metadata keys, e.g. reward_spec.answer')
      .max(200)
      .optional(),
    secrets: z.enum(EXPORT_SECRETS_MODES).optional(),
  })
  .strict();
export type ExportSelection = z.output<typeof ExportSelectionSchema>;

export const ExportSkipSchema = z.object({ reason: z.string(), count: z.number() });

export const ExportFileSchema = z.object({
  path: z.string(),
  records: z.number(),
  bytes: z.number(),
  sha256: z.string(),
});

/** The result of a finished export job (also the CLI's --json output, with `manifest`). */
export const ExportSummarySchema = z.object({
  target: z.enum(EXPORT_TARGETS),
  out_dir: z.string(),
  trajectories: z.number(),
  records: z.number(),
  skipped: z.array(ExportSkipSchema),
  /**
   * Turns left out of records that were written (a simulated user's tool calls, model turns
   * before the first input), by reason; the manifest's counts.left_out.
   */
  left_out: z.array(ExportSkipSchema),
  /** Absolute paths of the data files written (the manifest is `manifest`). */
  files: z.array(z.string()),
  manifest: z.string(),
  /**
   * What the export did with secrets: `dataset` (each dataset's choice), `keep` or `redact`; how
   * many trajectories it re-scanned, and what it redacted as it wrote, by kind (rule).
   */
  secrets: z.object({
    mode: z.enum(['dataset', ...EXPORT_SECRETS_MODES]),
    scanned_trajectories: z.number(),
    redacted: z.array(z.object({ kind: z.string(), count: z.number() })),
  }),
});
export type ExportSummary = z.infer<typeof ExportSummarySchema>;

/** A 'export' job, whose result is a ExportSummary. */
export const ExportJobSchema = jobStateOf('export', ExportSummarySchema);

export const EXPORT_API = {
  /** Starts an 'export' job; its result is an ExportSummary. */
  startExport: () =>
    method(
      ExportSelectionSchema.extend({
        /**
         * The output folder; it must not exist or be empty, unless overwrite is set and it holds
         * a previous export.
         */
        out_dir: z.string().min(1).max(4000),
        overwrite: z.boolean().default(false),
      }).strict(),
      ExportJobSchema,
    ),
  /** Counts and the first records exactly as they would be written; writes nothing. */
  previewExport: () =>
    method(
      ExportSelectionSchema.extend({
        limit: z.number().int().min(1).max(20).default(3),
      }).strict(),
      z.object({
        trajectories: z.number(),
        /** Exact when records_exact; else estimated from the records built for the preview. */
        records: z.number(),
        records_exact: z.boolean(),
        /**
         * Records planned before build-time skips and duplication by weight. With step pairs over
         * many groups it is scaled up from a sample of the groups' turn trees (records_exact false).
         */
        planned: z.number(),
        /** Of those, how many the preview built (all of them when records_exact). */
        sampled: z.number(),
        /**
         * Plan-time skips are exact (step-pair skips scaled like planned when the groups were
         * sampled); build-time skips cover the records built for the preview.
         */
        skipped: z.array(ExportSkipSchema),
        /** Turns left out of the records built for the preview, by reason. */
        left_out: z.array(ExportSkipSchema),
        /** Each record as the JSON line it would be written as. */
        first_records: z.array(z.string()),
      }),
    ),
} as const;
