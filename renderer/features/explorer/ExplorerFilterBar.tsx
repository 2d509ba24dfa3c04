// Above the explorer grid: id search, full-text search over turns, outcome, turn errors, value
// ranges, saved filters, the match count and the active filter as removable chips.
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterList from '@mui/icons-material/FilterList';
import { useState, type ReactNode } from 'react';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { formatCount } from '../../components/format';
import { chartsHref, exportHref } from '../../routing/routes';
import { ActiveFilterChips } from '../../components/filters/ActiveFilterChips';
import { BasicFilterFields } from '../../components/filters/BasicFilterFields';
import { RangeFilterDialog } from './RangeFilterDialog';
import { SavedFiltersMenu } from './SavedFiltersMenu';

type Props = {
  filter: TrajectoryFilter;
  /** Typed text replaces the current history entry; clicks add one. */
  onChange: (filter: TrajectoryFilter, options?: { replace?: boolean }) => void;
  total: number | undefined;
  /** The grid's Columns menu button. */
  columnsMenu?: ReactNode;
};

export function ExplorerFilterBar({ filter, onChange, total, columnsMenu }: Props) {
  const [rangesOpen, setRangesOpen] = useState(false);
  const rangeCount = Object.keys(filter.ranges ?? {}).length;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, flexWrap: 'wrap' }}>
        <BasicFilterFields filter={filter} onChange={onChange} testIdPrefix="trajectory" />
        <Badge badgeContent={rangeCount} color="primary">
          <Button
            size="small"
            startIcon={<FilterList />}
            onClick={() => setRangesOpen(true)}
            data-testid="range-filters"
          >
            Values
          </Button>
        </Badge>
        <SavedFiltersMenu filter={filter} onApply={(saved) => onChange(saved)} />
        <Button size="small" startIcon={<BarChartOutlined />} href={chartsHref(filter)}>
          Charts
        </Button>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          href={exportHref(filter)}
          data-testid="explorer-export"
        >
          Export
        </Button>
        {columnsMenu}
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="trajectory-count">
          {total === undefined ? '' : `${formatCount(total)} trajectories`}
        </Typography>
      </Box>
      <ActiveFilterChips filter={filter} onChange={onChange} />
      {rangesOpen && (
        <RangeFilterDialog
          open
          ranges={filter.ranges}
          onClose={() => setRangesOpen(false)}
          onApply={(ranges) => {
            setRangesOpen(false);
            onChange({ ...filter, ranges });
          }}
        />
      )}
    </Box>
  );
}
