// One choice option of the Export screen: a small select over fixed values.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type Props<T extends string> = {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
  helperText?: string;
};

export function DraftSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  helperText,
}: Props<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      helperText={helperText}
      // The value is one of `options`, which are the only items the menu offers.
      onChange={(event) => onChange(event.target.value as T)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
