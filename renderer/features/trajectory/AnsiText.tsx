// Terminal output in its colours: each segment a span with theme classes (React text, never HTML).
import { Fragment, useMemo } from 'react';
import { ansiSegments } from './ansi-segments';

export function AnsiText({ text }: { text: string }) {
  const segments = useMemo(() => ansiSegments(text), [text]);
  return (
    <span data-testid="ansi-text">
      {segments.map((s, i) =>
        s.classes.length === 0 && s.color === null && s.background === null ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <span
            key={i}
            className={s.classes.join(' ')}
            style={{
              ...(s.color !== null ? { color: s.color } : {}),
              ...(s.background !== null ? { backgroundColor: s.background } : {}),
            }}
          >
            {s.text}
          </span>
        ),
      )}
    </span>
  );
}
