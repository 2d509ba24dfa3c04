// A Monaco editor over a plain prose text (a judge prompt: Markdown highlighting, soft wrap),
// kept in step with a controlled `value`. Loaded lazily by TextEditor.
import 'monaco-editor/languages/definitions/markdown/register';
import { useEffect, useRef } from 'react';
import { useMonacoEditor } from './useMonacoEditor';

export type MonacoTextEditorProps = {
  value: string;
  onChange: (value: string) => void;
  height: number;
  readOnly?: boolean;
  ariaLabel: string;
  testId?: string;
};

export default function MonacoTextEditor(props: MonacoTextEditorProps) {
  const { value, onChange, height, readOnly = false, ariaLabel, testId } = props;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useMonacoEditor(host, value, onChange, {
    language: 'markdown',
    extension: 'md',
    ariaLabel,
    // A real <textarea> (not EditContext) keeps typing and form-filling test tools working.
    options: { wordWrap: 'on', editContext: false, lineNumbers: 'on' },
  });

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [editorRef, readOnly]);

  return <div ref={host} data-testid={testId} style={{ height, width: '100%' }} />;
}
