// One run's TRIAGE label mix as a stacked bar (shares of labelled steps, in the role colours)
// with the counts as text beside it.
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RunStepStats } from '../../../shared/api-compare';
import { ROLE_LABELS } from '../../../shared/model';
import { formatCount, formatPercent } from '../../components/format';
import { roleInfo } from '../../components/role-labels';
import { useRoleColor } from './useRoleColor';

type Props = { label: string; steps: RunStepStats };

export function LabelMixBar({ label, steps }: Props) {
  const roleColor = useRoleColor();
  const total = steps.labelled_steps;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '24px 1fr', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {total === 0 ? (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          No labelled steps
        </Typography>
      ) : (
        <Box
          role="img"
          aria-label={`${label}: ${ROLE_LABELS.map((role) => `${roleInfo(role).name} ${steps.label_mix[role] ?? 0}`).join(', ')}`}
          sx={{ display: 'flex', height: 14, borderRadius: 0.5, overflow: 'hidden' }}
        >
          {ROLE_LABELS.map((role) => {
            const count = steps.label_mix[role] ?? 0;
            if (count === 0) return null;
            return (
              <Tooltip
                key={role}
                title={`${roleInfo(role).name}: ${formatCount(count)} (${formatPercent(count / total)})`}
              >
                <Box sx={{ width: `${(count / total) * 100}%`, bgcolor: roleColor(role) }} />
              </Tooltip>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
