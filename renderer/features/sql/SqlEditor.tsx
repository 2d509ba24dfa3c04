// The SQL editor: a plain textarea first, Monaco (loaded on first use) once the user focuses it,
// with the textarea holding its place while the chunk loads. Run works at once either way.
import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import type { MonacoSqlEditorProps } from './MonacoSqlEditor';
import { PlainSqlEditor } from './PlainSqlEditor';

const MonacoSqlEditor = lazy(() => import('./MonacoSqlEditor'));

export function SqlEditor(props: Omit<MonacoSqlEditorProps, 'height'>) {
  const height = 200;
  const [rich, setRich] = useState(false);
  const plain = <PlainSqlEditor {...props} height={height} onEdit={() => setRich(true)} />;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      {rich ? (
        <Suspense fallback={plain}>
          <MonacoSqlEditor {...props} height={height} />
        </Suspense>
      ) : (
        plain
      )}
    </Box>
  );
}
