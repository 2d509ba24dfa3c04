// A file view from a tool: its header, the line numbers in a gutter, the code coloured in the
// file's language, and what follows. Text only.
import { CodeText } from './CodeText';
import type { FileView } from './file-view';

export function FileViewText({ view }: { view: FileView }) {
  return (
    <span data-testid="file-view" data-path={view.path ?? ''}>
      {view.before !== '' && <span className="tw-file-header">{`${view.before}\n`}</span>}
      <span className="tw-arg-lines">
        <span className="tw-arg-gutter" aria-hidden>
          {view.numbers.map((n) => `${n}\n`).join('')}
        </span>
        <span className="tw-arg-code">
          <CodeText text={view.code} whole language={view.language} />
        </span>
      </span>
      {view.after !== '' && <span className="tw-file-header">{`\n${view.after}`}</span>}
    </span>
  );
}
