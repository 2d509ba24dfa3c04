// Canonical types shared by the engine and the renderer (docs/ARCHITECTURE.md, the workspace).
import * as z from 'zod';

export const TURN_ROLES = ['system', 'user', 'assistant', 'tool', 'environment'] as const;
export type TurnRole = (typeof TURN_ROLES)[number];

export const ROLE_LABELS = [
  'decisive_progress',
  'useful_exploration',
  'no_progress_infrastructure',
  'regression',
] as const;
export type RoleLabel = (typeof ROLE_LABELS)[number];

export const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Canonical JSON text of the arguments. */
  arguments: z.string(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * Whether a dataset's text was scanned for secrets at import and they were replaced ('redacted'),
 * kept on request ('kept'), or never scanned (attached datasets, imports before schema v10).
 * Exports scan 'kept' and 'unscanned' datasets as they write.
 */
export const SECRETS_STATES = ['redacted', 'kept', 'unscanned'] as const;
export type SecretsState = (typeof SECRETS_STATES)[number];

export const DatasetSummarySchema = z.object({
  dataset_id: z.string(),
  name: z.string(),
  format: z.string(),
  source_path: z.string(),
  imported_at: z.string(),
  content_sha256: z.string(),
  /** imported: rows copied into the workspace; attached: read from the source files by view. */
  storage: z.enum(['imported', 'attached']),
  /** Attached datasets whose files are gone; their turns cannot be read until they return. */
  files_missing: z.boolean(),
  secrets: z.enum(SECRETS_STATES),
  /** How many secrets were replaced at import. */
  secrets_redacted: z.number(),
  trajectories: z.number(),
  turns: z.number(),
  groups: z.number(),
  success_rate: z.number().nullable(),
  mean_reward: z.number().nullable(),
});
export type DatasetSummary = z.infer<typeof DatasetSummarySchema>;

export const TrajectorySummarySchema = z.object({
  trajectory_id: z.string(),
  dataset_id: z.string(),
  task_id: z.string().nullable(),
  group_id: z.string().nullable(),
  sample_index: z.number().nullable(),
  model: z.string().nullable(),
  reward: z.number().nullable(),
  success: z.boolean().nullable(),
  n_turns: z.number(),
  n_actions: z.number(),
});
export type TrajectorySummary = z.infer<typeof TrajectorySummarySchema>;

export const TrajectoryDetailSchema = TrajectorySummarySchema.extend({
  source_ref: z.string(),
  /** The metadata JSON object as text (it is user content). */
  metadata: z.string().nullable(),
});
export type TrajectoryDetail = z.infer<typeof TrajectoryDetailSchema>;

/**
 * Why a turn is an error (docs/ARCHITECTURE.md, the workspace): the Inspect ToolCallError types,
 * `exit_code` for a command that exited non-zero, `error` for a format's generic error status.
 */
export const TURN_ERROR_KINDS = [
  'timeout',
  'permission',
  'parsing',
  'unicode_decode',
  'file_not_found',
  'is_a_directory',
  'limit',
  'approval',
  'output_limit',
  'unknown',
  'exit_code',
  'error',
] as const;
export type TurnErrorKind = (typeof TURN_ERROR_KINDS)[number];

export const TurnErrorSchema = z.object({
  kind: z.enum(TURN_ERROR_KINDS),
  message: z.string().nullable(),
  exit_code: z.number().nullable(),
});
export type TurnError = z.infer<typeof TurnErrorSchema>;

export const TurnSchema = z.object({
  turn_index: z.number(),
  role: z.enum(TURN_ROLES),
  content: z.string(),
  /** Full length of the content; content is cut to a preview when it is very long. */
  content_length: z.number(),
  content_truncated: z.boolean(),
  reasoning: z.string().nullable(),
  tool_calls: z.array(ToolCallSchema),
  tool_call_id: z.string().nullable(),
  is_action: z.boolean(),
  n_tokens: z.number().nullable(),
  has_logprobs: z.boolean(),
  /** The format recorded something about this turn beyond its text (getTurnDetails has it). */
  has_details: z.boolean(),
  /** Null when the turn is not an error. */
  error: TurnErrorSchema.nullable(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** One file layout a reader accepts, and the writer versions or files it was checked against. */
export const FormatLayoutSchema = z.object({ layout: z.string(), checked: z.string() });
export type FormatLayout = z.infer<typeof FormatLayoutSchema>;

export const FormatInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  extensions: z.array(z.string()),
  layouts: z.array(FormatLayoutSchema),
});
export type FormatInfo = z.infer<typeof FormatInfoSchema>;

/** User choices that change how a format is read (CLI flags, the import dialog). */
export const FormatOptionsSchema = z
  .object({
    /** Dot paths into each record overriding where the outcome and the grouping come from. */
    reward_field: z.string().min(1).max(200),
    success_field: z.string().min(1).max(200),
    task_field: z.string().min(1).max(200),
    group_field: z.string().min(1).max(200),
    /** A results report (SWE-bench style) joined by instance id for resolution. */
    report: z.string().min(1),
  })
  .partial()
  .strict();
export type FormatOptions = z.infer<typeof FormatOptionsSchema>;

const FieldPath = z.string().min(1).max(300);

/**
 * A user-defined mapping for formats Turnwise has no reader for: where the records, messages and
 * outcome live (dot paths), and how message roles translate. Edited in the import dialog.
 */
export const MappingSpecSchema = z
  .object({
    /** jsonl: one record per line; json: a JSON document holding a list of records. */
    records: z.enum(['jsonl', 'json']).default('jsonl'),
    /** With json: the dot path of the record list inside the document ('' = the document). */
    records_path: z.string().max(300).default(''),
    /** The message list of a record. */
    messages: FieldPath,
    role: FieldPath.default('role'),
    content: FieldPath.default('content'),
    reasoning: FieldPath.optional(),
    /** OpenAI-style tool calls ({id, function{name, arguments}} or {id, name, arguments}). */
    tool_calls: FieldPath.optional(),
    tool_call_id: FieldPath.optional(),
    /** Source role -> canonical role, e.g. {"human": "user", "gpt": "assistant"}. */
    roles: z.record(z.string(), z.enum(TURN_ROLES)).default({}),
    id: FieldPath.optional(),
    task: FieldPath.optional(),
    group: FieldPath.optional(),
    sample_index: FieldPath.optional(),
    model: FieldPath.optional(),
    reward: FieldPath.optional(),
    success: FieldPath.optional(),
    /** Record fields copied into the trajectory's metadata. */
    metadata: z.array(FieldPath).max(100).default([]),
  })
  .strict();
export type MappingSpec = z.infer<typeof MappingSpecSchema>;
export type MappingSpecInput = z.input<typeof MappingSpecSchema>;

export const SavedMappingSchema = z.object({
  name: z.string(),
  spec: MappingSpecSchema,
  updated_at: z.string(),
});

export const SkippedRecordSchema = z.object({
  file: z.string(),
  line: z.number(),
  reason: z.string(),
});
export type SkippedRecord = z.infer<typeof SkippedRecordSchema>;

/** A file an import left out: not trajectories (a README), or not of the chosen format. */
export const SkippedFileSchema = z.object({ file: z.string(), reason: z.string() });
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

/** One dataset an import made: files of different formats go to one dataset per format. */
export const ImportedDatasetSchema = z.object({
  dataset: z.string(),
  format: z.string(),
  files: z.number(),
  trajectories: z.number(),
  turns: z.number(),
  actions: z.number(),
  /** Set when it replaced a redacted dataset of the same content (a --keep-secrets re-import). */
  replaced: z.boolean().optional(),
});
export type ImportedDataset = z.infer<typeof ImportedDatasetSchema>;

export const ImportSummarySchema = z.object({
  /** The first (usually only) dataset made, and its format; `datasets` lists every one. */
  dataset: z.string(),
  format: z.string(),
  datasets: z.array(ImportedDatasetSchema),
  /** Totals over every dataset made. */
  trajectories: z.number(),
  turns: z.number(),
  actions: z.number(),
  skipped: z.array(SkippedRecordSchema),
  /** Content a reader had to leave out of records it did import (per file, line and reason). */
  dropped: z.array(SkippedRecordSchema),
  skipped_files: z.array(SkippedFileSchema),
  seconds: z.number(),
  secrets: z.enum(SECRETS_STATES),
  /** How many secrets were replaced with `[REDACTED:<kind>]`. */
  secrets_redacted: z.number(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;
