// Tool output as readable text: terminal escape sequences (colours, cursor moves) removed rather
// than shown as control characters, and unified diffs recognised so their lines can be coloured.

// CSI sequences (ESC [ ... final byte), OSC sequences (ESC ] ... BEL or ESC \), and two-byte
// escapes; also the 8-bit CSI introducer.
const ANSI =
  // eslint-disable-next-line no-control-regex
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? text.replace(ANSI, '') : text;
}

export type DiffLineKind = 'add' | 'del' | 'hunk' | 'file' | 'context';

/** True when the text holds a unified diff: a hunk header, or ---/+++ file headers. */
export function looksLikeDiff(text: string): boolean {
  return /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/m.test(text) || /^--- .*\n\+\+\+ /m.test(text);
}

export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('diff --git '))
    return 'file';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'context';
}
