// One run's rollouts of a task: sample, outcome, reward, actions, tool errors, a link to the
// trajectory, and a radio choosing which of them the diff opens.
import Box from '@mui/material/Box';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RunStepStats, TaskRollout } from '../../../shared/api-compare';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { trajectoryHref } from '../../routing/routes';
import { LabelMixBar } from './LabelMixBar';

type Props = {
  side: 'A' | 'B';
  runName: string;
  rollouts: readonly TaskRollout[];
  steps: RunStepStats;
  chosen: string | null;
  onChoose: (trajectoryId: string) => void;
};

export function RolloutList({ side, runName, rollouts, steps, chosen, onChoose }: Props) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={`compare-rollouts-${side.toLowerCase()}`}>
      <Typography variant="subtitle2" component="h3" noWrap title={runName}>
        {side}: {runName}
      </Typography>
      <Box sx={{ my: 1 }}>
        <LabelMixBar label={side} steps={steps} />
      </Box>
      {rollouts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No rollouts of this task under the filter.
        </Typography>
      ) : (
        <Table size="small" aria-label={`Rollouts in ${side}`}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" title="Open in the diff">
                Diff
              </TableCell>
              <TableCell>Rollout</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell align="right">Reward</TableCell>
              <TableCell align="right">Actions</TableCell>
              <TableCell align="right">Tool errors</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rollouts.map((rollout) => (
              <TableRow key={rollout.trajectory_id} selected={rollout.trajectory_id === chosen}>
                <TableCell padding="checkbox">
                  <Radio
                    size="small"
                    checked={rollout.trajectory_id === chosen}
                    onChange={() => onChoose(rollout.trajectory_id)}
                    slotProps={{
                      input: { 'aria-label': `Diff ${side}: ${rollout.trajectory_id}` },
                    }}
                  />
                </TableCell>
                <TableCell>
                  <AppLink
                    href={trajectoryHref(rollout.trajectory_id)}
                    title={rollout.trajectory_id}
                  >
                    {rollout.sample_index === null
                      ? rollout.trajectory_id
                      : `sample ${rollout.sample_index}`}
                  </AppLink>
                </TableCell>
                <TableCell>
                  <OutcomeChip success={rollout.success} />
                </TableCell>
                <TableCell align="right">{formatReward(rollout.reward)}</TableCell>
                <TableCell align="right">{formatCount(rollout.n_actions)}</TableCell>
                <TableCell align="right">
                  {rollout.tool_errors === 0 ? DASH : formatCount(rollout.tool_errors)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
