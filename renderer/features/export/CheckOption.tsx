// One on/off option of the Export screen.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

type Props = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
};

export function CheckOption({ label, checked, onChange, testId }: Props) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
      }
      label={label}
    />
  );
}
