// Sets the annotator name this app labels and reviews as; names follow the API's rule (letters,
// digits, dot, dash, underscore, @), checked as the user types.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isAnnotatorName } from '../hooks/useAnnotator';

type Props = {
  current: string;
  onSave: (name: string) => boolean;
  onClose: () => void;
};

export function AnnotatorDialog({ current, onSave, onClose }: Props) {
  const [draft, setDraft] = useState(current);
  const name = draft.trim();
  const valid = isAnnotatorName(name);
  const save = () => {
    if (valid && onSave(name)) onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Annotator</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Labels and review decisions you make in this app are recorded under this name (as
          human:&lt;name&gt;), so agreement between annotators can be measured.
        </Typography>
        <TextField
          autoFocus
          fullWidth
          label="Your name"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
          error={!valid}
          helperText={valid ? ' ' : 'Letters, digits, dot, dash, underscore and @ (1-80)'}
          slotProps={{ htmlInput: { 'data-testid': 'annotator-input', spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={!valid} data-testid="annotator-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
