// What an import preview shows (every file with its format, count or the reason it is left out,
// and the datasets it will make), and the remedy an import error carries so that each front end
// can say it in its own terms (the CLI names --format, the dialog its Format selector).
import * as z from 'zod';
import { Empty, method } from './api-method';
import { jobStateOf } from './job-kinds';
import {
  FormatInfoSchema,
  FormatOptionsSchema,
  ImportSummarySchema,
  MappingSpecSchema,
  SavedMappingSchema,
  SkippedRecordSchema,
} from './model';

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

export const IMPORT_API = {
  /** The formats the importer reads, with what each detects and its layouts. */
  listFormats: () => method(Empty, z.object({ formats: z.array(FormatInfoSchema) })),
  startImport: () =>
    method(
      z
        .object({
          paths: z.array(z.string().min(1)).min(1).max(10_000),
          format: z.string().default('auto'),
          dataset: z.string().min(1).max(200).optional(),
          on_error: z.enum(['abort', 'skip']).default('abort'),
          format_options: FormatOptionsSchema.default({}),
          /** An inline user mapping; used when format is 'mapping'. */
          mapping: MappingSpecSchema.optional(),
          /** Parquet only: read the files where they are (views), copying nothing but an index. */
          attach: z.boolean().default(false),
          /**
           * Store secrets found in the text instead of redacting them (exports redact them unless
           * `secrets: 'keep'`); replaces a redacted dataset of the same content.
           */
          keep_secrets: z.boolean().default(false),
        })
        .strict(),
      ImportJobSchema,
    ),
  /**
   * Reads the files without writing: each file's format (or why it is left out) and record count,
   * the datasets they make, candidates and first records of the first file read.
   */
  previewImport: () =>
    method(
      z
        .object({
          paths: z.array(z.string().min(1)).min(1).max(10_000),
          format: z.string().default('auto'),
          format_options: FormatOptionsSchema.default({}),
          mapping: MappingSpecSchema.optional(),
          /** As for the import: with skip, a file of ambiguous format is left out, not an error. */
          on_error: z.enum(['abort', 'skip']).default('abort'),
        })
        .strict(),
      ImportPreviewSchema,
    ),
  /** User mappings saved in this workspace; import them with format 'mapping:<name>'. */
  listMappings: () => method(Empty, z.object({ mappings: z.array(SavedMappingSchema) })),
  saveMapping: () =>
    method(
      z
        .object({
          name: z
            .string()
            .regex(/^[A-Za-z0-9._-]{1,80}$/, 'letters, digits, dot, dash and underscore (1-80)'),
          spec: MappingSpecSchema,
        })
        .strict(),
      SavedMappingSchema,
      { invalidates: ['listMappings'] },
    ),
} as const;
