// A turn's role in its own color (system, user, assistant, tool, environment).
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import type { TurnRole } from '../../../shared/model';
import { roleColor } from '../../theme/role-colors';

export function RoleChip({ role }: { role: TurnRole }) {
  const color = roleColor(role, useTheme().palette.mode);
  return (
    <Chip
      label={role}
      data-testid="role-chip"
      sx={{
        color: color.fg,
        bgcolor: color.bg,
        border: 1,
        borderColor: color.border,
        fontWeight: 600,
        height: 20,
        '& .MuiChip-label': { px: 0.75 },
      }}
    />
  );
}
