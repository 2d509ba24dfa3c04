// The SQL text in Monaco: highlighting, completion of views and columns, Ctrl/Cmd+Enter runs.
// Loaded lazily by SqlEditor so Monaco stays out of the main bundle until the console is opened.
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { ensureSqlLanguage, monaco } from './monaco-sql';

export type MonacoSqlEditorProps = {
  value: string;
  onChange: (sql: string) => void;
  onRun: () => void;
  height: number;
};

let nextModelId = 0;

export default function MonacoSqlEditor({ value, onChange, onRun, height }: MonacoSqlEditorProps) {
  const mode = useTheme().palette.mode;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // Read through refs so the editor is created once, not on every render.
  const onChangeRef = useRef(onChange);
  const onRunRef = useRef(onRun);
  const initial = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    onRunRef.current = onRun;
  }, [onChange, onRun]);

  useEffect(() => {
    if (host.current === null) return undefined;
    ensureSqlLanguage();
    nextModelId += 1;
    const uri = monaco.Uri.parse(`turnwise://sql/${nextModelId}.sql`);
    const model = monaco.editor.createModel(initial.current, 'sql', uri);
    const editor = monaco.editor.create(host.current, {
      model,
      ariaLabel: 'SQL query',
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      stickyScroll: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      wordBasedSuggestions: 'off',
      fixedOverflowWidgets: true,
      // A real <textarea> (not EditContext) keeps typing and form-filling test tools working.
      editContext: false,
    });
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current());
    editor.getDomNode()?.querySelector('textarea')?.setAttribute('data-testid', 'sql-input');
    // Monaco's hidden live regions carry role="alert", so a page query for "the alert" (ours, with
    // a query's error) would find three; aria-live="assertive" announces the same way.
    for (const region of document.querySelectorAll('.monaco-alert[role="alert"]')) {
      region.removeAttribute('role');
      region.setAttribute('aria-live', 'assertive');
    }
    const subscription = model.onDidChangeContent(() => onChangeRef.current(model.getValue()));
    editorRef.current = editor;
    editor.focus();
    return () => {
      subscription.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []);

  // A query from outside (an example, the history) replaces the text as one undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model === null || model === undefined || model.getValue() === value) return;
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value]);

  useEffect(() => {
    monaco.editor.setTheme(mode === 'dark' ? 'vs-dark' : 'vs');
  }, [mode]);

  return <div ref={host} data-testid="sql-editor" style={{ height, width: '100%' }} />;
}
