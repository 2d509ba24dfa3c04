// File views in tool output, recognised so their line numbers sit in a gutter and the code is
// coloured in the file's language: `cat -n` and Claude Code's Read (`   12\t...`), SWE-agent's
// `open` (`[File: /p (N lines total)]`, `12:...`), OpenHands' str_replace_editor view
// ("Here's the result of running `cat -n` on /p:"), and opencode's `<path>`/`<content>` blocks.
import { languageOfPath } from './code-language';

export type FileView = {
  /** The file the view names, when it names one. */
  path: string | null;
  /** Text before the numbered lines (a header), kept as it is. */
  before: string;
  numbers: string[];
  code: string;
  /** Text after the numbered lines (`(12 more lines below)`, a prompt). */
  after: string;
  language: string | null;
};

const SEPARATORS: ReadonlyArray<RegExp> = [
  /^\s*(\d+)\t(.*)$/,
  /^(\d+):\s?(.*)$/,
  /^\s*(\d+)\s\|\s?(.*)$/,
];
const PATHS: ReadonlyArray<RegExp> = [
  /^\[File: (.+?) \(\d+ lines total\)\]/m,
  /result of running `cat -n` on (\S+?):?\s*$/m,
  /^<path>(.+?)<\/path>/m,
];
/** At least this many numbered lines, in order, make a view. */
const MIN_LINES = 3;

function pathOf(text: string): string | null {
  for (const pattern of PATHS) {
    const match = pattern.exec(text);
    if (match?.[1]) return match[1].trim();
  }
  return null;
}

/** The file view in an output, or null when its lines are not a numbered file. */
export function fileView(text: string): FileView | null {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => SEPARATORS.some((p) => p.test(line)));
  if (first < 0) return null;
  const pattern = SEPARATORS.find((p) => p.test(lines[first] ?? ''));
  if (pattern === undefined) return null;
  const numbers: string[] = [];
  const code: string[] = [];
  let end = first;
  for (; end < lines.length; end += 1) {
    const match = pattern.exec(lines[end] ?? '');
    if (!match) break;
    const n = match[1] ?? '';
    // Numbers count up by one; anything else is not a file view (a test log, a table).
    if (numbers.length > 0 && Number(n) !== Number(numbers[numbers.length - 1]) + 1) break;
    numbers.push(n);
    code.push(match[2] ?? '');
  }
  if (numbers.length < MIN_LINES) return null;
  const before = lines.slice(0, first).join('\n');
  const after = lines.slice(end).join('\n');
  // The numbered lines must be most of the output, or it is prose that quotes a few lines.
  if (before.length + after.length > code.join('\n').length + 200) return null;
  const path = pathOf(before);
  return {
    path,
    before,
    numbers,
    code: code.join('\n'),
    after,
    language: path === null ? null : languageOfPath(path),
  };
}
