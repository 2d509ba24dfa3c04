// Result cells: scalars as they are, everything else as JSON text; NULL and '' are told apart.
export type CellKind = 'null' | 'empty' | 'value';

export function formatCell(value: unknown): { text: string; kind: CellKind } {
  if (value === null || value === undefined) return { text: 'NULL', kind: 'null' };
  if (typeof value === 'string') return { text: value, kind: value === '' ? 'empty' : 'value' };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { text: String(value), kind: 'value' };
  }
  try {
    return { text: JSON.stringify(value), kind: 'value' };
  } catch {
    return { text: String(value), kind: 'value' };
  }
}
