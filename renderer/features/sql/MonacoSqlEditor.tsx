// The SQL text in Monaco: highlighting, completion of views and columns, Ctrl/Cmd+Enter runs.
// Loaded lazily by SqlEditor so Monaco stays out of the main bundle until the console is opened.
import { useEffect, useRef } from 'react';
import { useMonacoEditor } from '../../components/monaco/useMonacoEditor';
import { ensureSqlLanguage, monaco } from './monaco-sql';

export type MonacoSqlEditorProps = {
  value: string;
  onChange: (sql: string) => void;
  onRun: () => void;
  height: number;
};

export default function MonacoSqlEditor({ value, onChange, onRun, height }: MonacoSqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const onRunRef = useRef(onRun);
  useEffect(() => {
    onRunRef.current = onRun;
  }, [onRun]);
  ensureSqlLanguage();
  useMonacoEditor(host, value, onChange, {
    language: 'sql',
    extension: 'sql',
    ariaLabel: 'SQL query',
    options: {
      wordBasedSuggestions: 'off',
      // A real <textarea> (not EditContext) keeps typing and form-filling test tools working.
      editContext: false,
    },
    onMount: (editor) => {
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current());
      editor.getDomNode()?.querySelector('textarea')?.setAttribute('data-testid', 'sql-input');
      // Monaco's hidden live regions carry role="alert", so a page query for "the alert" (ours,
      // with a query's error) would find three; aria-live="assertive" announces the same way.
      for (const region of document.querySelectorAll('.monaco-alert[role="alert"]')) {
        region.removeAttribute('role');
        region.setAttribute('aria-live', 'assertive');
      }
      editor.focus();
    },
  });

  return <div ref={host} data-testid="sql-editor" style={{ height, width: '100%' }} />;
}
