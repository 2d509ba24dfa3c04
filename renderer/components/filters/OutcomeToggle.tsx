// The outcome filter as a row of toggle buttons: any, success, failure, unknown.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { OUTCOME_FILTERS, type OutcomeFilter } from '../../../shared/trajectory-filter';

type Props = { value: OutcomeFilter; onChange: (outcome: OutcomeFilter) => void };

export function OutcomeToggle({ value, onChange }: Props) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label="Outcome"
      onChange={(_, next: OutcomeFilter | null) => {
        if (next !== null) onChange(next);
      }}
    >
      {OUTCOME_FILTERS.map((outcome) => (
        <ToggleButton
          key={outcome}
          value={outcome}
          sx={{ px: 1.5, py: 0.25, textTransform: 'none' }}
        >
          {outcome}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
