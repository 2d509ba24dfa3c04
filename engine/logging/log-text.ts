// User-influenced text (SQL, error messages) made fit for a log: only its first line, secrets
// redacted by the import scanner, and capped, so a log never holds a query's body or a key.
import { redactText } from '../secrets/redact';

/** How many characters of a first line are scanned; the cap keeps the output far inside it. */
const SCAN_CHARS = 4096;
export const LOG_TEXT_MAX = 160;

export function logText(text: string, max = LOG_TEXT_MAX): string {
  const newline = text.search(/[\r\n]/);
  const firstLine = (newline === -1 ? text : text.slice(0, newline)).slice(0, SCAN_CHARS);
  // Redact before capping: a cut through a secret would hide the rest of it from the scanner.
  const redacted = redactText(firstLine, new Map()).trim();
  if (redacted.length > max) return `${redacted.slice(0, max)}…`;
  return newline === -1 ? redacted : `${redacted} …`;
}

/** An error's message as log text, with the code location it was thrown from when known. */
export function logError(error: unknown): { error: string; at?: string } {
  const message = error instanceof Error ? error.message : String(error);
  const frame =
    error instanceof Error ? error.stack?.split('\n').find((l) => /^\s+at /.test(l)) : undefined;
  return frame === undefined
    ? { error: logText(message) }
    : { error: logText(message), at: logText(frame) };
}
