// A unified diff with its added, removed, hunk and file lines coloured (as text, never HTML).
import { HighlightedText } from './HighlightedText';
import { diffLineKind } from './terminal-text';
import { diffLineClass } from './diff-text-styles';

export function DiffText({ text, query }: { text: string; query: string }) {
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, i) => {
        const kind = diffLineKind(line);
        const body = <HighlightedText text={line} query={query} />;
        return (
          <span key={i} className={kind === 'context' ? undefined : diffLineClass(kind)}>
            {body}
            {i < lines.length - 1 && '\n'}
          </span>
        );
      })}
    </>
  );
}
