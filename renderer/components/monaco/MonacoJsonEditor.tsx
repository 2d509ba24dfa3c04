// A Monaco editor over one JSON text, kept in step with a controlled `value`. Loaded lazily by
// JsonEditor, so Monaco (megabytes) stays out of the main bundle until an editor is shown.
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { attachJsonSchema, monaco } from './monaco-setup';

export type MonacoJsonEditorProps = {
  value: string;
  onChange: (value: string) => void;
  height: number;
  /** A JSON schema for validation, hovers and completion; applies to this editor only. */
  schema?: object;
  readOnly?: boolean;
  ariaLabel: string;
};

let nextModelId = 0;

export default function MonacoJsonEditor(props: MonacoJsonEditorProps) {
  const { value, onChange, height, schema, readOnly = false, ariaLabel } = props;
  const mode = useTheme().palette.mode;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // Read through refs so the editor is created once, not on every render.
  const onChangeRef = useRef(onChange);
  const initial = useRef({ value, ariaLabel });
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (host.current === null) return undefined;
    nextModelId += 1;
    const uri = monaco.Uri.parse(`turnwise://editor/${nextModelId}.json`);
    const model = monaco.editor.createModel(initial.current.value, 'json', uri);
    const editor = monaco.editor.create(host.current, {
      model,
      ariaLabel: initial.current.ariaLabel,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      // A short editor has no room for pinned headers over its first lines.
      stickyScroll: { enabled: false },
      tabSize: 2,
      fontSize: 13,
      // Suggestions and hovers escape the dialog's overflow clipping this way.
      fixedOverflowWidgets: true,
    });
    const subscription = model.onDidChangeContent(() => onChangeRef.current(model.getValue()));
    editorRef.current = editor;
    return () => {
      subscription.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, []);

  // A value from outside (a template, a saved mapping) replaces the text as one undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model === null || model === undefined || model.getValue() === value) return;
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value]);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (schema === undefined || model === null || model === undefined) return undefined;
    return attachJsonSchema(model, schema);
  }, [schema]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [readOnly]);

  useEffect(() => {
    // The theme is global to Monaco; every editor follows the app's light/dark mode.
    monaco.editor.setTheme(mode === 'dark' ? 'vs-dark' : 'vs');
  }, [mode]);

  return <div ref={host} style={{ height, width: '100%' }} />;
}
