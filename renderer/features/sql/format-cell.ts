// Result cells: scalars as they are, everything else as JSON text; NULL is told apart from ''.
export function formatCell(value: unknown): { text: string; isNull: boolean } {
  if (value === null || value === undefined) return { text: 'NULL', isNull: true };
  if (typeof value === 'string') return { text: value, isNull: false };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { text: String(value), isNull: false };
  }
  try {
    return { text: JSON.stringify(value), isNull: false };
  } catch {
    return { text: String(value), isNull: false };
  }
}
