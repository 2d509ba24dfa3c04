// The dataset page's "Score log-probs" button and the dialog it opens (fresh on each opening).
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ScoreDialog } from './ScoreDialog';

export function ScoreLauncher({ datasetId }: { datasetId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="score-open">
        Score log-probs
      </Button>
      {open && <ScoreDialog datasetId={datasetId} onClose={() => setOpen(false)} />}
    </>
  );
}
