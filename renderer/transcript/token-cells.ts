// How a token reads in a heat-strip text cell: whitespace made visible, an unknown id named, and
// an ink colour that stays readable on the cell's heat colour.

/** A token's text with newlines, tabs and carriage returns shown as symbols (spaces kept). */
export function tokenLabel(text: string | null, id: number | undefined): string {
  if (text === null) return `⟨${id ?? '?'}⟩`;
  if (text === '') return '∅';
  return text.replaceAll('\r', '␍').replaceAll('\n', '↵').replaceAll('\t', '⇥');
}

/** Black or white ink for an `rgb(r, g, b)` background, by its relative luminance. */
export function inkOn(background: string): string {
  const match = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(background);
  if (match === null) return 'inherit';
  const [r, g, b] = match.slice(1).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.22 ? '#111' : '#fff';
}
