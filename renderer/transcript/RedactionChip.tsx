// One redacted secret in the transcript: a small chip naming the rule that found it, as text.
import Chip from '@mui/material/Chip';

export function RedactionChip({ kind }: { kind: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label={kind}
      title={`Redacted at import: a secret found by the rule ${kind}`}
      aria-label={`redacted secret (${kind})`}
      data-testid="redaction-chip"
      sx={{ height: 18, fontSize: '0.7rem', verticalAlign: 'baseline', mx: 0.25 }}
    />
  );
}
