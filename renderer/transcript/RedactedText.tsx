// Plain transcript text with each `[REDACTED:<kind>]` marker shown as a chip naming its rule;
// everything else stays text, never HTML.
import { Fragment } from 'react';
import { RedactionChip } from './RedactionChip';
import { splitRedactions } from './redaction-markers';

export function RedactedText({ text }: { text: string }) {
  const pieces = splitRedactions(text);
  if (!pieces.some((piece) => 'kind' in piece)) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, i) =>
        'kind' in piece ? (
          <RedactionChip key={i} kind={piece.kind} />
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
