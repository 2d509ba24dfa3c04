// The shortcut sheet ("?"): every key of the review screen.
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { REVIEW_SHORTCUTS } from './review-shortcuts';

export function ReviewShortcutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="review-shortcuts-title">
      <DialogTitle id="review-shortcuts-title">Review shortcuts</DialogTitle>
      <DialogContent data-testid="review-shortcut-sheet">
        <Table size="small" aria-label="Review shortcuts">
          <TableBody>
            {REVIEW_SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.what} data-testid="review-shortcut">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {shortcut.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 && ' / '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </TableCell>
                <TableCell>{shortcut.what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
