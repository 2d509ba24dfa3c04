// The dataset page's "Judge" button and its dialog. The dialog stays mounted while hidden, so a
// run keeps being followed after the dialog is closed and shows again when it is reopened.
import Button from '@mui/material/Button';
import { useState } from 'react';
import { JudgeDialog } from './JudgeDialog';

export function JudgeLauncher({ datasetId }: { datasetId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="judge-open">
        Judge
      </Button>
      <JudgeDialog datasetId={datasetId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
