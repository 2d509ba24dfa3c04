// Rows checked against a zod schema instead of cast: a column that does not hold what the code
// expects fails here, naming the query and the field, rather than somewhere downstream.
import type { z } from 'zod';
import { TurnwiseError } from '../../shared/result';
import type { JsonValue } from './json-values';

/** The query's first non-blank line, to say which query returned the row. */
function firstLine(sql: string): string {
  return sql.trim().split('\n')[0]?.trim() ?? '';
}

/**
 * Parses rows (already plain JSON values, json-values.ts) with `schema`; throws an 'internal'
 * TurnwiseError for the first row that does not match. Unknown columns are dropped by z.object.
 */
export function parseRows<S extends z.ZodType>(
  schema: S,
  sql: string,
  rows: readonly Record<string, JsonValue>[],
): z.output<S>[] {
  return rows.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const [issue] = parsed.error.issues;
    const field = issue === undefined || issue.path.length === 0 ? '(row)' : issue.path.join('.');
    throw new TurnwiseError(
      'internal',
      `query "${firstLine(sql)}": row ${index + 1}, field '${field}': ${issue?.message ?? 'invalid'}`,
    );
  });
}
