// Converts DuckDB's JS values into plain JSON, so IPC and HTTP return identical results.
// BIGINT becomes a number when it is exactly representable and a string otherwise; dates and
// timestamps become ISO strings; blobs become base64.

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    case 'object':
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(toJsonValue);
  const out: { [key: string]: JsonValue } = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = toJsonValue(inner);
  }
  return out;
}

export function toJsonRow(row: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(row)) out[key] = toJsonValue(value);
  return out;
}
