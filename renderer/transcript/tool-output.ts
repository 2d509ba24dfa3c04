// Tool output as it reads best: a wrapper around one text ({"content": "..."}, Hermes's
// {"output": "...", "exit_code": 126, "error": null}, mini-swe-agent's <returncode>/<output>) is
// that text with the small fields beside it; other JSON is a tree; long output folds to its head
// and tail.

/** One small field of a wrapper (exit_code, status), shown next to the text it wraps. */
export type OutputFact = { name: string; value: string };

export type ReadableOutput =
  | { kind: 'text'; text: string; facts: OutputFact[] }
  | { kind: 'json'; value: object; text: string };

/** Fields that hold a tool's text output whatever its length. */
const TEXT_FIELDS = new Set(['output', 'content', 'stdout', 'result', 'text', 'observation']);

/** A string that is the body of a wrapper rather than a small field beside it. */
function isBody(name: string, v: unknown): v is string {
  return typeof v === 'string' && (TEXT_FIELDS.has(name) || v.includes('\n') || v.length > 120);
}
const isSmall = (name: string, v: unknown) =>
  v === null ||
  typeof v === 'number' ||
  typeof v === 'boolean' ||
  (typeof v === 'string' && !isBody(name, v));

// mini-swe-agent's observation template: the command's exit status, then its output.
// A long output's preview is cut before the closing tag.
const RETURNCODE_OUTPUT =
  /^\s*<returncode>(-?\d+)<\/returncode>\s*<output>\n?([\s\S]*?)(?:\n?<\/output>\s*)?$/;

/** How an observation reads: unwrapped text with its facts, a JSON value, or the text as is. */
export function readOutput(text: string): ReadableOutput {
  const plain = { kind: 'text' as const, text, facts: [] };
  const tagged = RETURNCODE_OUTPUT.exec(text);
  if (tagged) {
    return {
      kind: 'text',
      text: tagged[2] ?? '',
      facts: [{ name: 'returncode', value: tagged[1] ?? '' }],
    };
  }
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return plain;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return plain;
  }
  if (value === null || typeof value !== 'object') return plain;
  const pretty = JSON.stringify(value, null, 2);
  if (Array.isArray(value)) return { kind: 'json', value, text: pretty };
  const entries = Object.entries(value);
  const only = entries.length === 1 ? entries[0]?.[1] : undefined;
  if (typeof only === 'string') return { kind: 'text', text: only, facts: [] };
  const bodies = entries.filter(([name, v]) => isBody(name, v));
  if (bodies.length === 1 && entries.every(([name, v]) => isBody(name, v) || isSmall(name, v))) {
    const facts = entries
      .filter(([name, v]) => !isBody(name, v) && v !== null && v !== '')
      .map(([name, v]) => ({ name, value: String(v) }));
    return { kind: 'text', text: bodies[0]?.[1] as string, facts };
  }
  return { kind: 'json', value, text: pretty };
}

/** The readable text of an observation: unwrapped, indented, or unchanged. */
export function unwrapOutput(text: string): string {
  return readOutput(text).text;
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
