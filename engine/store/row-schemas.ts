// Schemas of columns that several queries read, so each is parsed and checked in one place rather
// than cast where it is read (docs/ARCHITECTURE.md, "The workspace"). A value that does not hold
// what the schema says fails as 'internal', naming the column.
import * as z from 'zod';
import { ToolCallSchema, type ToolCall } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';

/** A JSON column read as VARCHAR (`x::VARCHAR`): its text, parsed and checked against `schema`. */
export function jsonTextColumn<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'not JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const ToolCallsSchema = z.array(ToolCallSchema);
const ToolCallsText = jsonTextColumn(ToolCallsSchema);

/**
 * The tool calls of a turn (the `tool_calls` column: a JSON array of {id, name, arguments} as
 * importers write it, or the array itself); none when it is NULL.
 */
export function toolCallsOf(value: unknown): ToolCall[] {
  if (value === null || value === undefined) return [];
  const checked =
    typeof value === 'string' ? ToolCallsText.safeParse(value) : ToolCallsSchema.safeParse(value);
  if (checked.success) return checked.data;
  const [issue] = checked.error.issues;
  const field = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')} `;
  throw new TurnwiseError('internal', `tool_calls column: ${field}${issue?.message ?? 'invalid'}`);
}
