// The credit parameters (docs/credit.md): TRIAGE lambda, progress beta, token and step aggregations,
// failure attribution, the outcome advantage and its std, batch whitening.
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADVANTAGE_VARIANTS,
  FAILURE_METHODS,
  STD_KINDS,
  STEP_AGGREGATIONS,
  TOKEN_AGGREGATIONS,
  type CreditParams,
} from '../../../shared/credit';

type Props = { params: CreditParams; onChange: (params: CreditParams) => void };

const CHOICES = [
  ['token_agg', 'Token aggregation', TOKEN_AGGREGATIONS],
  ['step_agg', 'Step aggregation', STEP_AGGREGATIONS],
  ['failure_method', 'Failure step', FAILURE_METHODS],
  ['advantage', 'Outcome advantage', ADVANTAGE_VARIANTS],
  ['std', 'Group std', STD_KINDS],
] as const;

export function CreditControls({ params, onChange }: Props) {
  const set = (patch: Partial<CreditParams>) => onChange({ ...params, ...patch });
  return (
    <Stack spacing={1.5}>
      <div>
        <Typography variant="caption" id="credit-lambda-label">
          λ (role bonus weight): {params.lambda.toFixed(2)}
        </Typography>
        <Slider
          size="small"
          min={0}
          max={1}
          step={0.05}
          value={params.lambda}
          onChange={(_event, value) => set({ lambda: value as number })}
          slotProps={{ input: { 'aria-labelledby': 'credit-lambda-label' } }}
        />
      </div>
      <div>
        <Typography variant="caption" id="credit-beta-label">
          β (progress advantage scale): {params.beta.toFixed(2)}
        </Typography>
        <Slider
          size="small"
          min={0.1}
          max={5}
          step={0.1}
          value={params.beta}
          onChange={(_event, value) => set({ beta: value as number })}
          slotProps={{ input: { 'aria-labelledby': 'credit-beta-label' } }}
        />
      </div>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {CHOICES.map(([key, label, options]) => (
          <TextField
            key={key}
            select
            size="small"
            label={label}
            value={params[key]}
            onChange={(event) => set({ [key]: event.target.value } as Partial<CreditParams>)}
            sx={{ minWidth: 160 }}
          >
            {options.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={params.whiten}
            onChange={(event) => set({ whiten: event.target.checked })}
          />
        }
        label="Batch whitening of the totals"
      />
    </Stack>
  );
}
