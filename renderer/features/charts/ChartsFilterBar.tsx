// The filter the charts show, in words, with links to the same set in the explorer and back to
// the whole workspace.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { AppLink } from '../../components/AppLink';
import { formatCount } from '../../components/format';
import { hrefFor } from '../../routing/routes';
import { describeFilter, explorerHref } from './chart-links';

export function ChartsFilterBar({ filter, total }: { filter: TrajectoryFilter; total?: number }) {
  const parts = describeFilter(filter);
  const count = total === undefined ? '' : `${formatCount(total)} trajectories`;
  return (
    <Box
      data-testid="charts-filter"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        {parts.length === 0 ? `All ${count}` : `${count} matching`}
      </Typography>
      {parts.map((part) => (
        <Chip key={part} label={part} variant="outlined" />
      ))}
      <AppLink href={explorerHref(filter)} variant="body2">
        Open in the explorer
      </AppLink>
      {parts.length > 0 && (
        <AppLink href={hrefFor({ name: 'charts' })} variant="body2">
          Clear filter
        </AppLink>
      )}
    </Box>
  );
}
