// The SQL editor (Monaco, loaded on first use); a skeleton holds its place meanwhile.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MonacoSqlEditorProps } from './MonacoSqlEditor';

const MonacoSqlEditor = lazy(() => import('./MonacoSqlEditor'));

export function SqlEditor(props: Omit<MonacoSqlEditorProps, 'height'>) {
  const height = 200;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={height} />}>
        <MonacoSqlEditor {...props} height={height} />
      </Suspense>
    </Box>
  );
}
