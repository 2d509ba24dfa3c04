// Terminal output in its colours: each segment a span with theme classes (React text, never HTML);
// a redaction marker in a segment shows as its chip.
import { useMemo } from 'react';
import { ansiSegments } from './ansi-segments';
import { RedactedText } from './RedactedText';

export function AnsiText({ text }: { text: string }) {
  const segments = useMemo(() => ansiSegments(text), [text]);
  return (
    <span data-testid="ansi-text">
      {segments.map((s, i) =>
        s.classes.length === 0 && s.color === null && s.background === null ? (
          <RedactedText key={i} text={s.text} />
        ) : (
          <span
            key={i}
            className={s.classes.join(' ')}
            style={{
              ...(s.color !== null ? { color: s.color } : {}),
              ...(s.background !== null ? { backgroundColor: s.background } : {}),
            }}
          >
            <RedactedText text={s.text} />
          </span>
        ),
      )}
    </span>
  );
}
