// CLI output helpers: one JSON object on stdout with --json, `turnwise: what: why` on stderr.
import type { ApiError, ErrorCode } from '../shared/result';

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
  process.stdout.write(`${JSON.stringify(value)}\n`);
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
