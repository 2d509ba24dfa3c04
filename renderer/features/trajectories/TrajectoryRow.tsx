// One trajectory in a table; the whole row opens it, the group cell opens the group.
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import { memo } from 'react';
import type { TrajectorySummary } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatReward } from '../../components/format';
import { OutcomeChip } from '../../components/OutcomeChip';
import { groupHref, navigate, trajectoryHref } from '../../routing/routes';
import { MONO_FONT } from '../../theme/theme';

const idCell = {
  fontFamily: MONO_FONT,
  fontSize: 12,
  maxWidth: 320,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

export const TrajectoryRow = memo(function TrajectoryRow({ row }: { row: TrajectorySummary }) {
  const href = trajectoryHref(row.trajectory_id);
  return (
    <TableRow
      hover
      data-testid="trajectory-row"
      sx={{ cursor: 'pointer' }}
      onClick={(event) => {
        if ((event.target as Element).closest('a') === null) navigate(href);
      }}
    >
      <TableCell sx={idCell} title={row.trajectory_id}>
        <AppLink href={href}>{row.trajectory_id}</AppLink>
      </TableCell>
      <TableCell sx={idCell} title={row.task_id ?? undefined}>
        {row.task_id ?? DASH}
      </TableCell>
      <TableCell sx={idCell} title={row.group_id ?? undefined}>
        {row.group_id === null ? (
          DASH
        ) : (
          // The id stays plain text so a click on the row body always opens the trajectory; the
          // small link beside it opens the group.
          <>
            <IconButton
              component="a"
              href={groupHref(row.group_id)}
              aria-label={`Open group ${row.group_id}`}
              title="Open the group"
              sx={{ p: 0.25, mr: 0.5, color: 'primary.main' }}
            >
              <WorkspacesOutlined sx={{ fontSize: 14 }} />
            </IconButton>
            {row.group_id}
          </>
        )}
      </TableCell>
      <TableCell align="right">{row.sample_index ?? DASH}</TableCell>
      <TableCell align="right">{formatReward(row.reward)}</TableCell>
      <TableCell>
        <OutcomeChip success={row.success} />
      </TableCell>
      <TableCell align="right">{formatCount(row.n_turns)}</TableCell>
      <TableCell align="right">{formatCount(row.n_actions)}</TableCell>
    </TableRow>
  );
});
