// Tool output as it reads best: a JSON wrapper whose one field is text ({"content": "..."}) is
// unwrapped to that text, other JSON is indented, and long output folds to its head and tail.

/** The readable text of an observation: unwrapped, indented, or unchanged. */
export function unwrapOutput(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    const only = entries.length === 1 ? entries[0]?.[1] : undefined;
    if (typeof only === 'string') return only;
  }
  return JSON.stringify(value, null, 2);
}

export const FOLD_HEAD = 40;
export const FOLD_TAIL = 20;

/** Head and tail lines and how many are hidden between, or null when the text is short. */
export function foldLines(text: string): { head: string; tail: string; hidden: number } | null {
  const lines = text.split('\n');
  if (lines.length <= FOLD_HEAD + FOLD_TAIL + 10) return null;
  return {
    head: lines.slice(0, FOLD_HEAD).join('\n'),
    tail: lines.slice(-FOLD_TAIL).join('\n'),
    hidden: lines.length - FOLD_HEAD - FOLD_TAIL,
  };
}
