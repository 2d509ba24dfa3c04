// "Compare with…" on a trajectory page: the other rollouts of its group (the opposite outcome
// first), each opening the side-by-side diff against this trajectory.
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { TrajectoryDetail, TrajectorySummary } from '../../../shared/model';
import { useApi } from '../../api/useApi';
import { DASH, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { diffHref, navigate } from '../../routing/routes';

/** Groups are small (GRPO samples per prompt); a larger one lists its first rollouts. */
const LIMIT = 200;

function siblingOrder(self: TrajectoryDetail) {
  const rank = (t: TrajectorySummary) => (t.success !== null && t.success !== self.success ? 0 : 1);
  return (x: TrajectorySummary, y: TrajectorySummary) =>
    rank(x) - rank(y) || (x.sample_index ?? 0) - (y.sample_index ?? 0);
}

function SiblingMenu({
  self,
  anchor,
  onClose,
}: {
  self: TrajectoryDetail;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const group = useApi('listTrajectories', { group_id: self.group_id ?? '', limit: LIMIT });
  const others = (group.data?.rows ?? [])
    .filter((t) => t.trajectory_id !== self.trajectory_id)
    .sort(siblingOrder(self));
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {group.error !== undefined && (
        <MenuItem disabled>Could not list the group: {group.error.message}</MenuItem>
      )}
      {group.data === undefined && group.error === undefined && (
        <MenuItem disabled>Loading the group…</MenuItem>
      )}
      {group.data !== undefined && others.length === 0 && (
        <MenuItem disabled>No other rollouts in this group</MenuItem>
      )}
      {others.map((t) => (
        <MenuItem
          key={t.trajectory_id}
          onClick={() => {
            onClose();
            navigate(diffHref(self.trajectory_id, t.trajectory_id));
          }}
          sx={{ gap: 2 }}
        >
          <ListItemText
            primary={t.trajectory_id}
            secondary={`sample ${t.sample_index ?? DASH} · reward ${formatReward(t.reward)}`}
          />
          <OutcomeChip success={t.success} />
        </MenuItem>
      ))}
    </Menu>
  );
}

export function CompareButton({ trajectory }: { trajectory: TrajectoryDetail | undefined }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (trajectory === undefined || trajectory.group_id === null) return null;
  return (
    <>
      <Button variant="outlined" onClick={(e) => setAnchor(e.currentTarget)}>
        Compare with…
      </Button>
      {anchor !== null && (
        <SiblingMenu self={trajectory} anchor={anchor} onClose={() => setAnchor(null)} />
      )}
    </>
  );
}
