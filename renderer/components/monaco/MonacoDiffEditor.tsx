// Two texts side by side in Monaco's diff editor (read-only), e.g. two judge prompt versions.
// Loaded lazily by DiffEditor.
import 'monaco-editor/languages/definitions/markdown/register';
import { useEffect, useRef } from 'react';
import { monaco } from './monaco-setup';
import { BASE_EDITOR_OPTIONS, useMonacoTheme } from './useMonacoEditor';

export type MonacoDiffEditorProps = {
  original: string;
  modified: string;
  height: number;
  ariaLabel: string;
  testId?: string;
};

export default function MonacoDiffEditor(props: MonacoDiffEditorProps) {
  const { original, modified, height, ariaLabel, testId } = props;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  const initial = useRef({ original, modified, ariaLabel });

  useEffect(() => {
    if (host.current === null) return undefined;
    const first = initial.current;
    const models = {
      original: monaco.editor.createModel(first.original, 'markdown'),
      modified: monaco.editor.createModel(first.modified, 'markdown'),
    };
    const editor = monaco.editor.createDiffEditor(host.current, {
      ...BASE_EDITOR_OPTIONS,
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      // Side by side even in a narrow pane: the two versions are what is being compared.
      useInlineViewWhenSpaceIsLimited: false,
      diffWordWrap: 'on',
      // Only the changed lines and a little context: a prompt is long and an edit is usually small.
      hideUnchangedRegions: { enabled: true, contextLineCount: 3 },
      wordWrap: 'on',
      originalAriaLabel: `${first.ariaLabel}: older`,
      modifiedAriaLabel: `${first.ariaLabel}: newer`,
    });
    editor.setModel(models);
    editorRef.current = editor;
    return () => {
      editor.dispose();
      models.original.dispose();
      models.modified.dispose();
      editorRef.current = null;
    };
  }, []);

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (model === null || model === undefined) return;
    if (model.original.getValue() !== original) model.original.setValue(original);
    if (model.modified.getValue() !== modified) model.modified.setValue(modified);
  }, [original, modified]);

  useMonacoTheme();
  return <div ref={host} data-testid={testId} style={{ height, width: '100%' }} />;
}
