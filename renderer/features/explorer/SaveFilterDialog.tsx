// Names the current explorer filter and saves it in the workspace (same name replaces).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import type { ApiError } from '../../../shared/result';
import { useApiWrite } from '../../api/useApiWrite';
import { ErrorAlert } from '../../components/ErrorAlert';

type Props = {
  filter: TrajectoryFilter;
  existing: readonly string[];
  onClose: () => void;
  onSaved: () => void;
};

export function SaveFilterDialog({ filter, existing, onClose, onSaved }: Props) {
  const write = useApiWrite();
  const [name, setName] = useState('');
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const trimmed = name.trim();
  const save = async () => {
    setSaving(true);
    const result = await write('saveFilter', { name: trimmed, filter });
    setSaving(false);
    if (result.ok) onSaved();
    else setError(result.error);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Save filter</DialogTitle>
      <DialogContent>
        {error !== undefined && <ErrorAlert error={error} title="Could not save the filter" />}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && trimmed !== '') void save();
          }}
          helperText={existing.includes(trimmed) ? 'Replaces the saved filter of this name.' : ' '}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'save-filter-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={trimmed === '' || saving} onClick={() => void save()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
