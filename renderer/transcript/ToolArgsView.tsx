// A tool call's arguments per field (name: value): code with real line breaks, colours and line
// numbers; an old_str/new_str edit as a diff; objects and lists as a collapsible tree (indented JSON
// while searching, so matches are marked). Text, never HTML.
import { CodeText } from './CodeText';
import { DiffText } from './DiffText';
import { HighlightedText } from './HighlightedText';
import { JsonTree } from './JsonTree';
import { lineDiff } from './line-diff';
import type { ArgField } from './tool-args';
import { looksLikeDiff } from './terminal-text';
import { toolArgsViewClasses } from './tool-args-view-styles';
import { toolCallViewClasses } from './tool-call-view-styles';

const c = toolArgsViewClasses;

function Numbered({
  text,
  query,
  language,
}: {
  text: string;
  query: string;
  language: string | null;
}) {
  const lines = text.split('\n');
  return (
    <span className={c.lines} data-testid="arg-lines">
      <span className={c.gutter} aria-hidden>
        {lines.map((_, i) => `${i + 1}\n`).join('')}
      </span>
      <span className={c.code}>
        {looksLikeDiff(text) ? (
          <DiffText text={text} query={query} />
        ) : query === '' ? (
          // While searching, matches are marked instead of code colours.
          <CodeText text={text} whole language={language} />
        ) : (
          <HighlightedText text={text} query={query} />
        )}
      </span>
    </span>
  );
}

export function ToolArgsView({ fields, highlight }: { fields: ArgField[]; highlight: string }) {
  return (
    <div className={c.fields}>
      {fields.map((f) => (
        <div key={f.name} className={c.arg} data-testid="tool-arg" data-kind={f.kind}>
          <span className={c.name}>{f.name}:</span>{' '}
          {f.kind === 'text' ? (
            <HighlightedText text={f.text} query={highlight} />
          ) : f.kind === 'json' &&
            highlight === '' &&
            f.value !== null &&
            typeof f.value === 'object' ? (
            <JsonTree value={f.value} />
          ) : (
            <pre className={toolCallViewClasses.args}>
              {f.kind === 'edit' ? (
                <span data-testid="arg-diff">
                  <DiffText text={lineDiff(f.oldText, f.newText)} query={highlight} />
                </span>
              ) : f.kind === 'code' ? (
                <Numbered text={f.text} query={highlight} language={f.language} />
              ) : (
                <HighlightedText text={f.text} query={highlight} />
              )}
            </pre>
          )}
        </div>
      ))}
    </div>
  );
}
