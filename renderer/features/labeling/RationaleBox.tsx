// The rationale of the selected segment's label: Enter saves it with the current role, Escape
// leaves the box (and the keyboard goes back to j/k/1-4).
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

type Props = {
  inputRef: Ref<HTMLInputElement>;
  segmentIndex: number | null;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  hint: string | null;
};

export function RationaleBox({ inputRef, segmentIndex, value, onChange, onSave, hint }: Props) {
  return (
    <TextField
      inputRef={inputRef}
      size="small"
      fullWidth
      multiline
      maxRows={4}
      disabled={segmentIndex === null}
      label={segmentIndex === null ? 'Rationale' : `Rationale for segment #${segmentIndex}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          onSave();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          (event.target as HTMLElement).blur();
        }
      }}
      error={hint !== null}
      helperText={hint ?? 'Enter saves with the current label · Shift+Enter new line · Esc leaves'}
      slotProps={{ htmlInput: { 'data-testid': 'rationale-input', maxLength: 4000 } }}
    />
  );
}
