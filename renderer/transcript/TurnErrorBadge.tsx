// The red badge of a turn the format recorded as an error: its kind and exit code, the message
// as the tooltip (text only).
import Chip from '@mui/material/Chip';
import type { TurnError } from '../../shared/model';

export function errorLabel(error: TurnError): string {
  return error.exit_code === null ? error.kind : `${error.kind} ${error.exit_code}`;
}

export function TurnErrorBadge({ error }: { error: TurnError }) {
  return (
    <Chip
      size="small"
      color="error"
      label={errorLabel(error)}
      title={error.message ?? undefined}
      data-testid="turn-error"
    />
  );
}
