// A prose text editor (Monaco) that loads on first use; a skeleton holds its place meanwhile.
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MonacoTextEditorProps } from './MonacoTextEditor';

const MonacoTextEditor = lazy(() => import('./MonacoTextEditor'));

export type TextEditorProps = MonacoTextEditorProps;

export function TextEditor(props: TextEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height} />}>
      <MonacoTextEditor {...props} />
    </Suspense>
  );
}
