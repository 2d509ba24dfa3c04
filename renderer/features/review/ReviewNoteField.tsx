// The note for the next decision: "n" opens it, Enter keeps the note and hands the keyboard back
// (the next a/r/1-4 decides with it), Esc drops it.
import type { Ref } from 'react';
import { NoteField } from '../../components/NoteField';

type Props = {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
};

export function ReviewNoteField({ inputRef, value, onChange, onClose }: Props) {
  return (
    <NoteField
      inputRef={inputRef}
      label="Note for the next decision"
      value={value}
      onChange={onChange}
      onEnter={(input) => input.blur()}
      onEscape={() => {
        onChange('');
        onClose();
      }}
      onBlur={() => {
        if (value.trim() === '') onClose();
      }}
      helperText="Enter keeps the note, then a / r / 1–4 decide with it · Shift+Enter new line · Esc drops it"
      testId="review-note-input"
    />
  );
}
