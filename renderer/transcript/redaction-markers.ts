// The `[REDACTED:<kind>]` markers import-time redaction leaves in stored text (docs/security.md),
// found so the transcript can show each as a chip naming its rule.

/** A rule id as the scanner names them: lower-case words joined by hyphens. */
const MARKER = /\[REDACTED:([a-z0-9][a-z0-9-]{0,63})\]/g;

export type RedactionPiece = { text: string } | { kind: string };

/** The text cut into plain pieces and redaction markers, in order; one piece when it has none. */
export function splitRedactions(text: string): RedactionPiece[] {
  if (!text.includes('[REDACTED:')) return [{ text }];
  const pieces: RedactionPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > from) pieces.push({ text: text.slice(from, match.index) });
    pieces.push({ kind: match[1] ?? '' });
    from = match.index + match[0].length;
  }
  if (from < text.length || pieces.length === 0) pieces.push({ text: text.slice(from) });
  return pieces;
}
