// Writes the targets table of docs/export.md from the target registry (shared/export-targets.ts),
// between its two marker comments; the rest of the page is left as it is.
// Run: npx tsx scripts/generate/export-docs.ts   (export-docs.test.ts fails when it is stale)
import path from 'node:path';
import { EXPORT_TARGET_INFO, EXPORT_TARGETS } from '../../shared/export-targets';
import { formatted, read, ROOT, write } from './generated-file';

export const EXPORT_DOC = 'docs/export.md';
export const START = '<!-- targets table: generated from shared/export-targets.ts, do not edit -->';
export const END = '<!-- end of targets table -->';

/** A table row; a `|` inside a cell (even in a code span) would end the cell, so it is escaped. */
function row(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

export function targetsTable(): string {
  const header = [
    'Target',
    'File(s), type',
    'Record fields',
    'Read by (`trainer_args`)',
    'Weights carried',
    'Pitfalls handled',
  ];
  const rows = EXPORT_TARGETS.map((target) => {
    const { files, doc } = EXPORT_TARGET_INFO[target];
    const fileList = files.map((file) => `\`${file}\``).join(', ');
    return row([`\`${target}\``, fileList, doc.fields, doc.readBy, doc.weights, doc.pitfalls]);
  });
  return [row(header), row(header.map(() => '---')), ...rows].join('\n');
}

/** The page with the table between the markers replaced; throws when a marker is missing. */
export async function exportDocSource(page = read(EXPORT_DOC)): Promise<string> {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${EXPORT_DOC}: the table markers are missing`);
  const text = `${page.slice(0, start + START.length)}\n\n${targetsTable()}\n\n${page.slice(end)}`;
  return formatted(path.join(ROOT, EXPORT_DOC), text);
}

if (process.argv[1] === import.meta.filename) write(EXPORT_DOC, await exportDocSource());
