// The canonical trajectory every importer yields; the writer turns it into workspace rows.
import type { FormatOptions, ToolCall, TurnError, TurnRole } from '../../shared/model';

export interface TokenLogprobs {
  token_ids: number[] | null;
  logp_policy: number[] | null;
  logp_ref: number[] | null;
}

export interface CanonicalTurn {
  role: TurnRole;
  content: string;
  reasoning: string | null;
  tool_calls: ToolCall[];
  tool_call_id: string | null;
  is_action: boolean;
  n_tokens: number | null;
  logprobs: TokenLogprobs | null;
  /** Format-specific facts about the turn (e.g. who issued a tool call, an event id). */
  metadata?: Record<string, unknown> | null;
  /** Set only where the format records an error (a tool error type, a non-zero exit code). */
  error?: TurnError | null;
}

export interface CanonicalTrajectory {
  /** The trajectory's id in its source; unique within the dataset. */
  source_id: string;
  task_id: string | null;
  group_id: string | null;
  /**
   * 'global' when group_id means the same task in any file (an instance id); otherwise ('file',
   * the default) a multi-file import prefixes it with the file (source-scope.ts).
   */
  group_scope?: 'global' | 'file';
  sample_index: number | null;
  model: string | null;
  reward: number | null;
  success: boolean | null;
  metadata: Record<string, unknown> | null;
  tools: unknown[] | null;
  turns: CanonicalTurn[];
}

/**
 * What a reader yields for each record: a trajectory, the reason the record is bad, or a note that
 * content of an imported record had to be left out (reported per file so nothing vanishes
 * silently). `line` is the 1-based line of the file where the record starts (for a single-record
 * JSON file, 1).
 */
export type ReadItem =
  | { kind: 'trajectory'; line: number; trajectory: CanonicalTrajectory }
  | { kind: 'error'; line: number; reason: string }
  | { kind: 'dropped'; line: number; reason: string };

export interface ReadProgress {
  /** Bytes of the (possibly compressed) file consumed so far. */
  bytesRead: number;
}

/** User choices that change how a format is read (defined with the API contract). */
export type { FormatOptions } from '../../shared/model';

/**
 * One of `count` readers of the same file, each taking every count-th block of lines
 * (line-reader.ts); only for files whose reader says each line is a record of its own.
 */
export interface LineShard {
  index: number;
  count: number;
}

export interface ReadContext {
  progress: ReadProgress;
  signal: AbortSignal;
  options: FormatOptions;
  /** Read only this shard's lines (see FormatReader.linesAreRecords). */
  shard?: LineShard | undefined;
}

export interface FormatReader {
  name: string;
  description: string;
  extensions: string[];
  /** How sure the reader is that it can read a file, from 0 (no) to 1 (certain). */
  detect(sample: { path: string; head: string }): number;
  read(file: string, context: ReadContext): AsyncIterable<ReadItem>;
  /**
   * Files this reader reads alongside `file` (e.g. tau2's simulations/ beside its results.json),
   * absolute paths. A folder import leaves them out of its own inputs so they are not read twice.
   */
  companionFiles?(file: string): Promise<string[]>;
  /**
   * True when every line of `file` is one record, read without the others: a large file is then
   * read by several threads at once, each passing its `shard` to readLines (read-in-worker.ts).
   */
  linesAreRecords?(file: string): boolean;
}

/** A bad record: thrown while converting one record, reported as `file:line: reason`. */
export class RecordError extends Error {}

/**
 * The reason a record is bad, when the error is about the record and not about the reader: a
 * RecordError, or a stack overflow from hostile nesting. Null for anything else (I/O, bugs).
 */
export function recordErrorReason(error: unknown): string | null {
  if (error instanceof RecordError) return error.message;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return 'the record is nested too deeply to read';
  }
  return null;
}

/** A turn with only a role and text: no reasoning, tool calls, tokens or log-probs. */
export function plainTurn(role: TurnRole, content: string): CanonicalTurn {
  return {
    role,
    content,
    reasoning: null,
    tool_calls: [],
    tool_call_id: null,
    is_action: false,
    n_tokens: null,
    logprobs: null,
  };
}
