// The rationale of the selected segment's label: Enter saves it with the current role, Escape
// leaves the box (and the keyboard goes back to j/k/1-4).
import type { Ref } from 'react';
import { NoteField } from '../../components/NoteField';

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
    <NoteField
      inputRef={inputRef}
      disabled={segmentIndex === null}
      label={segmentIndex === null ? 'Rationale' : `Rationale for segment #${segmentIndex}`}
      value={value}
      onChange={onChange}
      onEnter={onSave}
      onEscape={(input) => input.blur()}
      error={hint !== null}
      helperText={hint ?? 'Enter saves with the current label · Shift+Enter new line · Esc leaves'}
      testId="rationale-input"
    />
  );
}
