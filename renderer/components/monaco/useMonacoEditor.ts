// What every Monaco code editor of the app shares: create the model and editor once on mount
// (with the app's common options), report edits through a ref so the editor is never recreated,
// take a new controlled `value` as one undoable edit, follow the light/dark theme, and dispose.
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, type RefObject } from 'react';
import { monaco } from './monaco-setup';

/** Options every editor of the app starts from (diff editors too). */
export const BASE_EDITOR_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  // A short editor has no room for pinned headers over its first lines.
  stickyScroll: { enabled: false },
  fontSize: 13,
  // Suggestions and hovers escape a dialog's overflow clipping this way.
  fixedOverflowWidgets: true,
} satisfies monaco.editor.IEditorOptions;

export interface MonacoEditorSetup {
  language: string;
  /** The model's file extension, e.g. 'json' (language services key on it). */
  extension: string;
  ariaLabel: string;
  options?: monaco.editor.IStandaloneEditorConstructionOptions;
  /** Called once the editor exists (commands, focus, test ids). */
  onMount?: (editor: monaco.editor.IStandaloneCodeEditor) => void;
}

let nextModelId = 0;

/** Monaco's theme is global: every editor follows the app's light/dark mode. */
export function useMonacoTheme(): void {
  const mode = useTheme().palette.mode;
  useEffect(() => {
    monaco.editor.setTheme(mode === 'dark' ? 'vs-dark' : 'vs');
  }, [mode]);
}

export function useMonacoEditor(
  host: RefObject<HTMLDivElement | null>,
  value: string,
  onChange: (value: string) => void,
  setup: MonacoEditorSetup,
): RefObject<monaco.editor.IStandaloneCodeEditor | null> {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // Read through refs so the editor is created once, not on every render.
  const onChangeRef = useRef(onChange);
  const initial = useRef({ value, setup });
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (host.current === null) return undefined;
    const { value: text, setup: first } = initial.current;
    nextModelId += 1;
    const uri = monaco.Uri.parse(`turnwise://editor/${nextModelId}.${first.extension}`);
    const model = monaco.editor.createModel(text, first.language, uri);
    const editor = monaco.editor.create(host.current, {
      ...BASE_EDITOR_OPTIONS,
      tabSize: 2,
      ...first.options,
      model,
      ariaLabel: first.ariaLabel,
    });
    const subscription = model.onDidChangeContent(() => onChangeRef.current(model.getValue()));
    editorRef.current = editor;
    first.onMount?.(editor);
    return () => {
      subscription.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = null;
    };
  }, [host]);

  // A value from outside (a template, an example, another version) replaces the text as one
  // undoable edit.
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model === null || model === undefined || model.getValue() === value) return;
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value]);

  useMonacoTheme();
  return editorRef;
}
