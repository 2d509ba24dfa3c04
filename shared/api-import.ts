// What an import preview shows (every file with its format, count or the reason it is left out,
// and the datasets it will make), and the remedy an import error carries so that each front end
// can say it in its own terms (the CLI names --format, the dialog its Format selector).
import * as z from 'zod';
import { jobStateOf } from './job-kinds';
import { ImportSummarySchema, SkippedRecordSchema } from './model';

/** How the import treats a file: read, left out, stopping the import, or read with another file. */
export const FILE_STATUSES = ['import', 'skip', 'error', 'companion'] as const;

export const PreviewFileSchema = z.object({
  path: z.string(),
  bytes: z.number(),
  status: z.enum(FILE_STATUSES),
  /** The format that reads it (null unless status is import). */
  format: z.string().nullable(),
  /** Trajectories read from it; null when not counted (skipped, or past the preview's budget). */
  records: z.number().nullable(),
  bad_records: z.number(),
  /** Notes of content left out of records that were read (ImportSummary.dropped). */
  dropped: z.number(),
  /** Why it is skipped or stops the import; for a companion, the file it is read with. */
  reason: z.string().nullable(),
});
export type PreviewFile = z.infer<typeof PreviewFileSchema>;

export const PlannedDatasetSchema = z.object({
  /** The name it will get (the id may get a -2 suffix if taken). */
  name: z.string(),
  format: z.string(),
  files: z.number(),
});

export const ImportPreviewSchema = z.object({
  files: z.array(PreviewFileSchema),
  total_files: z.number(),
  total_bytes: z.number(),
  /** Every reader's score for the first file that will be read (or the first file). */
  candidates: z.array(z.object({ name: z.string(), score: z.number() })),
  /** The format of the first file that will be read; null when none will be. */
  format: z.string().nullable(),
  /** One dataset per format among the files read. */
  datasets: z.array(PlannedDatasetSchema),
  /** False when some files were not read to the end for their counts (the preview's budget). */
  counted_all: z.boolean(),
  trajectories: z.array(
    z.object({
      source_id: z.string(),
      task_id: z.string().nullable(),
      group_id: z.string().nullable(),
      reward: z.number().nullable(),
      success: z.boolean().nullable(),
      n_turns: z.number(),
      n_actions: z.number(),
      first_user_message: z.string().nullable(),
    }),
  ),
  errors: z.array(SkippedRecordSchema),
  /**
   * The default outcome rule as it applies to the previewed rewards (null: none applies), which
   * set the outcome of the previewed trajectories where the format is silent.
   */
  outcome_rule: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** An import error's details when choosing a format would fix it (unrecognised or ambiguous). */
const ChooseFormatSchema = z.object({
  remedy: z.literal('choose_format'),
  formats: z.array(z.string()).min(1),
  /** The file is inside a folder: skipping bad records would leave it out instead. */
  can_skip: z.boolean().default(false),
});
export type ChooseFormat = z.infer<typeof ChooseFormatSchema>;

export function chooseFormatDetails(formats: string[], canSkip = false): ChooseFormat {
  return { remedy: 'choose_format', formats, can_skip: canSkip };
}

/**
 * An import error's details when a bad record aborted it (on_error abort): skipping would keep the
 * good records and list the bad ones.
 */
const SkipBadRecordsSchema = z.object({ remedy: z.literal('skip_bad_records') });

export function skipBadRecordsDetails<T extends object>(details: T) {
  return { ...details, remedy: 'skip_bad_records' as const };
}

/** True when the error's details say that skipping bad records would let the import go on. */
export function canSkipBadRecords(details: unknown): boolean {
  return SkipBadRecordsSchema.safeParse(details).success;
}

/** What to choose from, when an error's details say that choosing a format is the fix. */
export function formatRemedy(details: unknown): ChooseFormat | null {
  const parsed = ChooseFormatSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

/** An 'import' job, whose result is an ImportSummary. */
export const ImportJobSchema = jobStateOf('import', ImportSummarySchema);
