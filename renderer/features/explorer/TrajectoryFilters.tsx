// Search box and outcome filter above a trajectory table.
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import type { ReactNode } from 'react';
import type { OutcomeFilter } from '../../../shared/trajectory-filter';
import { formatCount } from '../../components/format';
import { OutcomeToggle } from '../../components/filters/OutcomeToggle';

type Props = {
  search: string;
  onSearch: (text: string) => void;
  outcome: OutcomeFilter;
  onOutcome: (outcome: OutcomeFilter) => void;
  total: number | undefined;
  /** The grid's Columns menu button. */
  columnsMenu?: ReactNode;
};

export function TrajectoryFilters({
  search,
  onSearch,
  outcome,
  onOutcome,
  total,
  columnsMenu,
}: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, flexWrap: 'wrap' }}>
      <TextField
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="Search trajectory, task or group id"
        aria-label="Search trajectories"
        sx={{ width: 320 }}
        slotProps={{
          htmlInput: { maxLength: 200, 'data-testid': 'trajectory-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <OutcomeToggle value={outcome} onChange={onOutcome} />
      {columnsMenu}
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {total === undefined ? '' : `${formatCount(total)} trajectories`}
      </Typography>
    </Box>
  );
}
