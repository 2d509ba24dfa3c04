// One result cell's whole text (a long turn, a JSON value), as text, never as HTML.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MONO_FONT } from '../../theme/theme';

export type ExpandedCell = { column: string; row: number; text: string };

export function CellDialog({ cell, onClose }: { cell: ExpandedCell | null; onClose: () => void }) {
  return (
    <Dialog open={cell !== null} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {cell?.column} · row {cell?.row}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="pre"
          data-testid="sql-cell-text"
          sx={{ m: 0, fontFamily: MONO_FONT, fontSize: 12, whiteSpace: 'pre-wrap' }}
        >
          {cell?.text}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(cell?.text ?? '')}>Copy</Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
