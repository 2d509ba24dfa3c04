// "Annotator: <name>" in the top bar; opens a dialog to change the name this app labels as.
import Button from '@mui/material/Button';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { useState } from 'react';
import { useAnnotator } from '../hooks/useAnnotator';
import { lazyNamed } from './lazy-named';
import { DialogLoadBoundary } from './DialogLoadBoundary';

// Loaded when first opened (the first screen does not need it).
const AnnotatorDialog = lazyNamed(() => import('./AnnotatorDialog'), 'AnnotatorDialog');

export function AnnotatorControl() {
  const [name, setName] = useAnnotator();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<PersonOutlined fontSize="small" />}
        onClick={() => setOpen(true)}
        data-testid="annotator-control"
        sx={{ textTransform: 'none' }}
      >
        Annotator: {name}
      </Button>
      {open && (
        <DialogLoadBoundary what="the annotator dialog" onClose={() => setOpen(false)}>
          <AnnotatorDialog current={name} onSave={setName} onClose={() => setOpen(false)} />
        </DialogLoadBoundary>
      )}
    </>
  );
}
