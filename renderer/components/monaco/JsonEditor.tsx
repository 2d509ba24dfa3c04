// A JSON code editor (Monaco) that loads on first use; a skeleton holds its place meanwhile.
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor';

const MonacoJsonEditor = lazy(() => import('./MonacoJsonEditor'));

export type JsonEditorProps = MonacoJsonEditorProps;

export function JsonEditor(props: JsonEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height} />}>
      <MonacoJsonEditor {...props} />
    </Suspense>
  );
}
