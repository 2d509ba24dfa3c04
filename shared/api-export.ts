// The export methods of the API table; shared/api.ts spreads them into API. An export writes a
// curated selection of trajectories in a trainer's dataset format, with a manifest (DESIGN s6).
import { z } from 'zod';
import { method } from './api-method';
import { JobStateSchema } from './job-state';
import { TrajectoryFilterSchema } from './trajectory-filter';

export const EXPORT_TARGETS = [
  'trl-sft',
  'trl-kto',
  'trl-dpo',
  'openrlhf',
  'ms-swift',
  'llamafactory',
] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** What to export: the explorer's filter, an optional SQL condition, and curation options. */
export const ExportSelectionSchema = z
  .object({
    target: z.enum(EXPORT_TARGETS),
    filter: TrajectoryFilterSchema.default({ outcome: 'any', segmentation: 'action' }),
    /** One boolean SQL expression over the columns of the public `trajectories` view. */
    where: z.string().trim().min(1).max(4000).optional(),
    /** Keeps at most this many trajectories per task: highest reward first, then trajectory id. */
    max_per_task: z.number().int().min(1).max(1_000_000).optional(),
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
  /** Absolute paths of the data files written (the manifest is `manifest`). */
  files: z.array(z.string()),
  manifest: z.string(),
});
export type ExportSummary = z.infer<typeof ExportSummarySchema>;

export const EXPORT_API = {
  /** Starts an 'export' job; its result is an ExportSummary. */
  startExport: method(
    ExportSelectionSchema.extend({
      /** The output folder; it must not exist or be empty, unless overwrite is set. */
      out_dir: z.string().min(1).max(4000),
      overwrite: z.boolean().default(false),
    }).strict(),
    JobStateSchema,
  ),
  /** Counts and the first records exactly as they would be written; writes nothing. */
  previewExport: method(
    ExportSelectionSchema.extend({
      limit: z.number().int().min(1).max(20).default(3),
    }).strict(),
    z.object({
      trajectories: z.number(),
      records: z.number(),
      skipped: z.array(ExportSkipSchema),
      /** Each record as the JSON line it would be written as. */
      first_records: z.array(z.string()),
    }),
  ),
} as const;
