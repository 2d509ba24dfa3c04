// Text with Python tracebacks set apart: frames dimmed, the failing code and the exception marked.
import { Fragment } from 'react';
import type { TracebackLineKind } from './traceback';
import { tracebackLineClass } from './traceback-text-styles';

export function TracebackText({ text, kinds }: { text: string; kinds: TracebackLineKind[] }) {
  const lines = text.split('\n');
  return (
    <span data-testid="traceback">
      {lines.map((line, i) => {
        const end = i < lines.length - 1 ? '\n' : '';
        const kind = kinds[i] ?? 'plain';
        return kind === 'plain' ? (
          <Fragment key={i}>{line + end}</Fragment>
        ) : (
          <span key={i} className={tracebackLineClass(kind)}>
            {line + end}
          </span>
        );
      })}
    </span>
  );
}
