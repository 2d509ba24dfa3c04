// Coercion of optional record fields shared by the readers; a wrong type is a RecordError naming
// the field.
import { RecordError } from '../chat/canonical';

/** An id given as text or a number; null when absent. */
export function optionalId(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new RecordError(`${field}: expected a string or a number`);
}

/** A success flag given as a boolean or 0/1; null when absent. */
export function optionalBoolean(value: unknown, field: string): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  throw new RecordError(`${field}: expected true, false, 0 or 1`);
}
