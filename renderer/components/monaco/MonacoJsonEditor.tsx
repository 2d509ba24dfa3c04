// A Monaco editor over one JSON text, kept in step with a controlled `value`. Loaded lazily by
// JsonEditor, so Monaco (megabytes) stays out of the main bundle until an editor is shown.
import { useEffect, useRef } from 'react';
import { attachJsonSchema } from './monaco-setup';
import { useMonacoEditor } from './useMonacoEditor';

export type MonacoJsonEditorProps = {
  value: string;
  onChange: (value: string) => void;
  height: number;
  /** A JSON schema for validation, hovers and completion; applies to this editor only. */
  schema?: object;
  readOnly?: boolean;
  ariaLabel: string;
};

export default function MonacoJsonEditor(props: MonacoJsonEditorProps) {
  const { value, onChange, height, schema, readOnly = false, ariaLabel } = props;
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useMonacoEditor(host, value, onChange, {
    language: 'json',
    extension: 'json',
    ariaLabel,
  });

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (schema === undefined || model === null || model === undefined) return undefined;
    return attachJsonSchema(model, schema);
  }, [editorRef, schema]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [editorRef, readOnly]);

  return <div ref={host} style={{ height, width: '100%' }} />;
}
