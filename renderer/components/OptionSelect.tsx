// A small select of named options (one of two sides being compared, a filter); a value not among
// the options shows as empty rather than as an out-of-range MUI warning.
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export type SelectOption = {
  value: string;
  label: ReactNode;
  /** data-* attributes for the option element (e.g. for locating it in tests). */
  data?: Record<`data-${string}`, string>;
};

type Props = {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  testId: string;
  sx?: SxProps<Theme>;
};

export function OptionSelect({ label, value, options, onChange, testId, sx }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} {...option.data}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
