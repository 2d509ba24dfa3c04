// bench/RESULTS.md is a header plus one block per benchmark section, each between marker
// comments (`<!-- bench:NAME -->` ... `<!-- /bench:NAME -->`). A run replaces the header and the
// sections it ran, and keeps the others as they were, so sections can be re-run one at a time.

/** The order sections appear in; sections of other names are kept after these. */
export const SECTION_ORDER = [
  'import',
  'credit',
  'turn-tree',
  'explorer',
  'trajectory',
  'export',
  'load',
  'cli',
  'app-start',
  'search',
] as const;
export type SectionName = (typeof SECTION_ORDER)[number];

const BLOCK = /<!-- bench:([\w-]+) -->\n([\s\S]*?)\n?<!-- \/bench:\1 -->/g;

/** The sections of an existing results file, by name (the header under 'header'). */
export function readSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const match of text.matchAll(BLOCK)) {
    sections.set(match[1] as string, (match[2] as string).trim());
  }
  return sections;
}

/** The results file with the given header and sections replaced and every other section kept. */
export function mergeResults(
  existing: string,
  header: string,
  replaced: ReadonlyMap<string, string>,
): string {
  const sections = readSections(existing);
  for (const [name, body] of replaced) sections.set(name, body.trim());
  sections.delete('header');
  const known: readonly string[] = SECTION_ORDER;
  const names = [
    ...SECTION_ORDER.filter((name) => sections.has(name)),
    ...[...sections.keys()].filter((name) => !known.includes(name)),
  ];
  const block = (name: string, body: string) =>
    `<!-- bench:${name} -->\n${body}\n<!-- /bench:${name} -->\n`;
  return [
    '# Benchmark results\n',
    block('header', header.trim()),
    ...names.map((name) => block(name, sections.get(name) ?? '')),
  ].join('\n');
}
