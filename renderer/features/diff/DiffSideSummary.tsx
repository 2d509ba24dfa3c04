// One side of the diff header: which trajectory, and how it went.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TrajectoryDetail } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { trajectoryHref } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';

type Props = { side: 'A' | 'B'; trajectory: TrajectoryDetail };

export function DiffSideSummary({ side, trajectory: t }: Props) {
  return (
    <Box data-testid={`diff-side-${side}`} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span" sx={{ color: 'text.secondary' }}>
          {side}
        </Typography>
        <AppLink
          href={trajectoryHref(t.trajectory_id)}
          sx={{ fontFamily: MONO_FONT, fontSize: 14, wordBreak: 'break-all' }}
        >
          {t.trajectory_id}
        </AppLink>
        <OutcomeChip success={t.success} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        Reward {formatReward(t.reward)} · task {t.task_id ?? DASH} · sample {t.sample_index ?? DASH}{' '}
        · {formatCount(t.n_turns)} turns, {formatCount(t.n_actions)} actions
      </Typography>
    </Box>
  );
}
