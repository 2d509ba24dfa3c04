// CLI output helpers: one JSON object on stdout with --json, `turnwise: what: why` on stderr.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiError, ErrorCode } from '../shared/result';

/** Where a command's output goes: this process's streams, or a caller's (main's second argument). */
export interface CliStreams {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Progress lines are drawn on stderr only when it is a terminal. */
  stderrIsTTY: boolean;
}

export const PROCESS_STREAMS: CliStreams = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
};

// Per call rather than one module-wide setting, so runs of main() that overlap in one process
// (tests) each keep their own output.
const streamsOfCall = new AsyncLocalStorage<CliStreams>();

/** Runs `work` with its output going to `streams`. */
export function withStreams<T>(streams: CliStreams, work: () => T): T {
  return streamsOfCall.run(streams, work);
}

/**
 * Writes to this process's own stderr, whatever streams the command has, then calls `then`: for
 * the last words of a process about to end (main.ts, a query DuckDB cannot stop).
 */
export function writeToProcessStderr(text: string, then: () => void): void {
  process.stderr.write(text, then);
}

/** The streams of the command running now. */
export function output(): CliStreams {
  return streamsOfCall.getStore() ?? PROCESS_STREAMS;
}

/** One line of text on stdout. */
export function printLine(text: string): void {
  output().stdout(`${text}\n`);
}

/** Exit code 2 means the input was bad; 1 anything else. */
const BAD_INPUT: ReadonlySet<ErrorCode> = new Set([
  'bad_request',
  'invalid_input',
  'not_found',
  'read_only',
  'duplicate',
  'schema_too_new',
  'unknown_method',
  'timeout',
  'resource_limit',
]);

export class CliFailure extends Error {
  constructor(
    readonly what: string,
    readonly why: string,
    readonly exitCode: number,
  ) {
    super(`${what}: ${why}`);
  }
}

export function failureFrom(what: string, error: ApiError): CliFailure {
  return new CliFailure(
    what,
    error.message,
    error.code === 'cancelled' ? 130 : BAD_INPUT.has(error.code) ? 2 : 1,
  );
}

export function usageFailure(why: string): CliFailure {
  return new CliFailure('usage', why, 2);
}

export function printJson(value: unknown): void {
  output().stdout(`${JSON.stringify(value)}\n`);
}

/** A plain text table for humans; long cells are cut. */
export function formatTable(
  columns: string[],
  rows: Record<string, unknown>[],
  maxWidth = 60,
): string {
  const cell = (value: unknown): string => {
    const text =
      value === null || value === undefined
        ? 'NULL'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    const flat = text.replace(/\s+/g, ' ');
    return flat.length > maxWidth ? `${flat.slice(0, maxWidth - 1)}…` : flat;
  };
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((r) => (r[i] ?? '').length)),
  );
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
