// LIKE patterns from user text: the text matched anywhere, its own % _ and \ taken literally
// (use with ESCAPE '\').
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
