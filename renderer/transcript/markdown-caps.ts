// Cheap checks run before a message is parsed as Markdown (docs/security.md, "Message Markdown").
// The parser's cost grows faster than the text for deep quote or list nesting (8,000 nested `>`
// overflow its stack) and for many emphasis delimiters or link brackets (60 KB of them takes
// seconds); a message past any cap is shown as plain text. Real messages stay far below them:
// the samples and the demo data nest at most 3 deep, with at most 1,052 delimiter runs and 122
// brackets in one message.

export const MARKDOWN_CAPS = {
  /** Quote and list markers opening one line (`> > -` is 3). */
  nesting: 32,
  /** Runs of `*`, `_` or `~` (emphasis and strikethrough delimiters). */
  delimiterRuns: 5_000,
  /** `[` characters (link, image and footnote openers). */
  brackets: 2_000,
} as const;

const isBlank = (c: string | undefined) =>
  c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** How many quote or list markers open the line at `start`, and where the line ends. */
function lineNesting(text: string, start: number): { depth: number; end: number } {
  let i = start;
  let depth = 0;
  // `- - - -` or `* * *` alone on a line is a thematic break, not a nesting.
  let bullets = '';
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i += 1;
    const c = text[i];
    if (c === '>') {
      depth += 1;
      i += 1;
      bullets = 'mixed';
      continue;
    }
    if ((c === '-' || c === '*' || c === '+') && isBlank(text[i + 1])) {
      depth += 1;
      i += 1;
      bullets = bullets === '' || bullets === c ? c : 'mixed';
      continue;
    }
    let j = i;
    while (j - i < 9 && isDigit(text[j])) j += 1;
    if (j > i && (text[j] === '.' || text[j] === ')') && isBlank(text[j + 1])) {
      depth += 1;
      i = j + 1;
      bullets = 'mixed';
      continue;
    }
    break;
  }
  const newline = text.indexOf('\n', i);
  const end = newline === -1 ? text.length : newline + 1;
  const thematicBreak = (bullets === '-' || bullets === '*') && isBlank(text[i]);
  return { depth: thematicBreak ? 0 : depth, end };
}

/** The deepest quote or list nesting any line opens with. */
export function nestingDepth(text: string): number {
  let max = 0;
  for (let start = 0; start < text.length;) {
    const line = lineNesting(text, start);
    max = Math.max(max, line.depth);
    start = line.end;
  }
  return max;
}

/** Counts emphasis delimiter runs and link brackets in one pass. */
export function delimiterCounts(text: string): { runs: number; brackets: number } {
  let runs = 0;
  let brackets = 0;
  let previous = '';
  for (const c of text) {
    if ((c === '*' || c === '_' || c === '~') && c !== previous) runs += 1;
    else if (c === '[') brackets += 1;
    previous = c;
  }
  return { runs, brackets };
}

const count = (n: number) => n.toLocaleString('en-US');

/** Why the text must not be parsed as Markdown, or null when it is within every cap. */
export function markdownCapExceeded(text: string): string | null {
  const { runs, brackets } = delimiterCounts(text);
  if (runs > MARKDOWN_CAPS.delimiterRuns) {
    return `it has ${count(runs)} emphasis markers (the limit is ${count(MARKDOWN_CAPS.delimiterRuns)})`;
  }
  if (brackets > MARKDOWN_CAPS.brackets) {
    return `it has ${count(brackets)} link brackets (the limit is ${count(MARKDOWN_CAPS.brackets)})`;
  }
  const depth = nestingDepth(text);
  if (depth > MARKDOWN_CAPS.nesting) {
    return `its quotes or lists nest ${count(depth)} deep (the limit is ${MARKDOWN_CAPS.nesting})`;
  }
  return null;
}
