// The explorer's turn-error filter: every trajectory, those with any turn error, or those with an
// error of one kind (turns.error, docs/ARCHITECTURE.md).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TURN_ERROR_FILTERS, type TurnErrorFilter } from '../../../shared/trajectory-filter';

const ALL = 'all';

type Props = {
  value: TurnErrorFilter | undefined;
  onChange: (value: TurnErrorFilter | undefined) => void;
};

export function TurnErrorSelect({ value, onChange }: Props) {
  return (
    <TextField
      select
      size="small"
      label="Turn errors"
      value={value ?? ALL}
      onChange={(event) =>
        onChange(event.target.value === ALL ? undefined : (event.target.value as TurnErrorFilter))
      }
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { 'data-testid': 'turn-error-filter' } }}
    >
      <MenuItem value={ALL}>all trajectories</MenuItem>
      {TURN_ERROR_FILTERS.map((kind) => (
        <MenuItem key={kind} value={kind}>
          {kind === 'any' ? 'has a tool error' : kind.replace(/_/g, ' ')}
        </MenuItem>
      ))}
    </TextField>
  );
}
