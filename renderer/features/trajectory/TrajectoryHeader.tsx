// Who, what and how it went: ids, task, group, model, outcome and counts of one trajectory.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TrajectoryDetail, Turn } from '../../../shared/model';
import { TURN_ROLES } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { StatGrid } from '../../components/StatGrid';
import { datasetHref, groupHref } from '../../routing/routes';
import { MetadataBlock } from './MetadataBlock';
import { RoleChip } from './RoleChip';
import { RunErrorAlert } from './RunErrorAlert';

type Props = { trajectory: TrajectoryDetail; turns: Turn[] };

function roleCounts(turns: Turn[]) {
  const counts = new Map<Turn['role'], number>();
  for (const turn of turns) counts.set(turn.role, (counts.get(turn.role) ?? 0) + 1);
  return TURN_ROLES.filter((role) => counts.has(role)).map((role) => ({
    role,
    n: counts.get(role) ?? 0,
  }));
}

export function TrajectoryHeader({ trajectory: t, turns }: Props) {
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <StatGrid
        stats={[
          { label: 'Task', value: t.task_id ?? DASH, mono: true },
          {
            label: 'Group',
            value:
              t.group_id === null ? (
                DASH
              ) : (
                <AppLink href={groupHref(t.group_id)}>{t.group_id}</AppLink>
              ),
            mono: true,
          },
          { label: 'Sample', value: t.sample_index ?? DASH },
          { label: 'Model', value: t.model ?? DASH, mono: true },
          { label: 'Reward', value: formatReward(t.reward) },
          { label: 'Outcome', value: <OutcomeChip success={t.success} /> },
          { label: 'Turns', value: formatCount(t.n_turns) },
          { label: 'Actions', value: formatCount(t.n_actions) },
          {
            label: 'Dataset',
            value: <AppLink href={datasetHref(t.dataset_id)}>{t.dataset_id}</AppLink>,
            mono: true,
          },
          { label: 'Source', value: t.source_ref, mono: true, wide: true },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1.5 }}>
        {roleCounts(turns).map(({ role, n }) => (
          <Box key={role} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <RoleChip role={role} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              × {formatCount(n)}
            </Typography>
          </Box>
        ))}
      </Box>
      <RunErrorAlert metadata={t.metadata} turns={t.n_turns} />
      {t.metadata !== null && t.metadata !== '' && <MetadataBlock metadata={t.metadata} />}
    </Paper>
  );
}
