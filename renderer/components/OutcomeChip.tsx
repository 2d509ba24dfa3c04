// Success / failure / unknown at a glance.
import Chip from '@mui/material/Chip';

export function OutcomeChip({ success }: { success: boolean | null }) {
  if (success === null) return <Chip label="unknown" variant="outlined" />;
  return success ? (
    <Chip label="success" color="success" variant="outlined" />
  ) : (
    <Chip label="failure" color="error" variant="outlined" />
  );
}
