// The label in force on a segment: its role in the role's color and the kind of its source
// (human, judge, heuristic); filled for human labels, outlined for machine ones.
import Chip from '@mui/material/Chip';
import type { LabelEvent } from '../../../shared/api-labels';
import { labelSourceKind } from '../../../shared/api-labels';
import { roleInfo } from '../../components/role-labels';

export function LabelChip({ label, pending = false }: { label: LabelEvent; pending?: boolean }) {
  const info = roleInfo(label.role_label);
  const kind = labelSourceKind(label.source) ?? label.source;
  return (
    <Chip
      size="small"
      color={info.color}
      variant={kind === 'human' ? 'filled' : 'outlined'}
      label={`${info.name} · ${kind}`}
      title={`${label.source}${label.rationale === null ? '' : `: ${label.rationale}`}`}
      data-testid="label-chip"
      data-role-label={label.role_label}
      data-source={label.source}
      sx={{ fontWeight: 600, opacity: pending ? 0.6 : 1, maxWidth: '100%' }}
    />
  );
}
