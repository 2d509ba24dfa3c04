// Text with every case-insensitive occurrence of a query marked (as text, never as HTML).
import { highlightedTextClasses } from './highlighted-text-styles';

/** [start, end) ranges of the query in the text, case-insensitive, non-overlapping. */
export function matchRanges(text: string, query: string): [number, number][] {
  if (query === '') return [];
  const hay = text.toLowerCase();
  const needle = query.toLowerCase();
  // Lower-casing can change lengths (rare scripts); then marks would be misplaced, so skip them.
  if (hay.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
    ranges.push([at, at + needle.length]);
    if (ranges.length >= 1000) break;
  }
  return ranges;
}

/** The text cut into plain and matched pieces, in order. */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = [];
  let from = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > from) pieces.push({ text: text.slice(from, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    from = end;
  }
  if (from < text.length || pieces.length === 0)
    pieces.push({ text: text.slice(from), match: false });
  return pieces;
}

export function HighlightedText({ text, query }: { text: string; query: string }) {
  const pieces = splitMatches(text, query);
  if (pieces.length === 1 && pieces[0]?.match !== true) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, i) =>
        piece.match ? (
          <mark key={i} className={highlightedTextClasses.match}>
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
