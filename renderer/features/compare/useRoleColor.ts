// The colour of a TRIAGE role in bars and swatches: its chip colour of the labeling UI.
import { useTheme } from '@mui/material/styles';
import type { RoleLabel } from '../../../shared/model';
import { roleInfo } from '../../components/role-labels';

export function useRoleColor(): (role: RoleLabel) => string {
  const theme = useTheme();
  return (role) => {
    const color = roleInfo(role).color;
    return color === 'default' ? theme.palette.grey[500] : theme.palette[color].main;
  };
}
