// One text or number option of the Export screen, showing the schema's problem with it if any.
import TextField from '@mui/material/TextField';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The problem the API's schema found with this field, if any. */
  problem?: string | undefined;
  helperText?: string;
  testId: string;
  numeric?: boolean;
  placeholder?: string;
};

export function DraftField({
  label,
  value,
  onChange,
  problem,
  helperText,
  testId,
  numeric = true,
  placeholder,
}: Props) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      placeholder={placeholder}
      error={problem !== undefined}
      helperText={problem ?? helperText}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': testId, ...(numeric ? { inputMode: 'decimal' } : {}) },
      }}
    />
  );
}
