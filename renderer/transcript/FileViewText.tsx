// A file view from a tool: its header, the line numbers in a gutter, the code coloured in the
// file's language, and what follows. Text only.
import { CodeText } from './CodeText';
import type { FileView } from './file-view';
import { fileViewTextClasses } from './file-view-text-styles';
import { toolArgsViewClasses } from './tool-args-view-styles';

export function FileViewText({ view }: { view: FileView }) {
  return (
    <span data-testid="file-view" data-path={view.path ?? ''}>
      {view.before !== '' && (
        <span className={fileViewTextClasses.header}>{`${view.before}\n`}</span>
      )}
      <span className={toolArgsViewClasses.lines}>
        <span className={toolArgsViewClasses.gutter} aria-hidden>
          {view.numbers.map((n) => `${n}\n`).join('')}
        </span>
        <span className={toolArgsViewClasses.code}>
          <CodeText text={view.code} whole language={view.language} />
        </span>
      </span>
      {view.after !== '' && <span className={fileViewTextClasses.header}>{`\n${view.after}`}</span>}
    </span>
  );
}
