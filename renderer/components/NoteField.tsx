// A short multiline note typed in a keyboard-driven view: Enter (without Shift) and Escape are
// handed to the view (Shift+Enter still starts a new line), the length is capped.
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

type Props = {
  inputRef: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter without Shift; `input` is the field, e.g. to blur it. */
  onEnter: (input: HTMLElement) => void;
  onEscape: (input: HTMLElement) => void;
  onBlur?: () => void;
  helperText: string;
  error?: boolean;
  disabled?: boolean;
  testId: string;
};

export function NoteField(props: Props) {
  return (
    <TextField
      inputRef={props.inputRef}
      size="small"
      fullWidth
      multiline
      maxRows={4}
      disabled={props.disabled}
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          props.onEnter(event.target as HTMLElement);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          props.onEscape(event.target as HTMLElement);
        }
      }}
      onBlur={props.onBlur}
      error={props.error}
      helperText={props.helperText}
      slotProps={{ htmlInput: { 'data-testid': props.testId, maxLength: 4000 } }}
    />
  );
}
