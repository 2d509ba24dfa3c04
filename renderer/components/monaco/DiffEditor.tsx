// A side-by-side diff of two texts (Monaco) that loads on first use.
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MonacoDiffEditorProps } from './MonacoDiffEditor';

const MonacoDiffEditor = lazy(() => import('./MonacoDiffEditor'));

export type DiffEditorProps = MonacoDiffEditorProps;

export function DiffEditor(props: DiffEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={props.height} />}>
      <MonacoDiffEditor {...props} />
    </Suspense>
  );
}
