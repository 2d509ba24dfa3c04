// A successful result: as a grid or a bar chart, and, when it has trajectory ids, a way to open
// the trajectory list filtered to exactly those trajectories.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import BarChart from '@mui/icons-material/BarChart';
import FilterList from '@mui/icons-material/FilterList';
import TableRows from '@mui/icons-material/TableRows';
import { useState } from 'react';
import { formatCount } from '../../components/format';
import { explorerHref, MAX_ROUTE_IDS } from '../../routing/routes';
import { chartPairs, trajectoryIdsOf, type SqlResult } from './result-columns';
import { SqlChart } from './SqlChart';
import { SqlResultGrid } from './SqlResultGrid';

export function SqlResultView({ result }: { result: SqlResult }) {
  const [view, setView] = useState<'grid' | 'chart'>('grid');
  const chartable = chartPairs(result).length > 0;
  // The ids travel in the URL as a bounded list, bound as parameters by the engine, so no SQL
  // text leaves the console and the filter is a plain, shareable deep link.
  const ids = trajectoryIdsOf(result, MAX_ROUTE_IDS);
  const shown = chartable ? view : 'grid';
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shown}
          onChange={(_event, next: 'grid' | 'chart' | null) => next !== null && setView(next)}
          aria-label="Show the result as"
        >
          <ToggleButton value="grid" data-testid="sql-view-grid">
            <TableRows sx={{ fontSize: 18, mr: 0.5 }} /> Table
          </ToggleButton>
          <ToggleButton
            value="chart"
            disabled={!chartable}
            data-testid="sql-view-chart"
            title={chartable ? undefined : 'A chart needs a category column and a numeric column'}
          >
            <BarChart sx={{ fontSize: 18, mr: 0.5 }} /> Chart
          </ToggleButton>
        </ToggleButtonGroup>
        {ids.length > 0 && (
          <Button
            startIcon={<FilterList />}
            href={explorerHref({ trajectory_ids: ids })}
            data-testid="sql-trajectory-filter"
          >
            Open {formatCount(ids.length)} trajector{ids.length === 1 ? 'y' : 'ies'} in the list
          </Button>
        )}
      </Box>
      {shown === 'chart' ? <SqlChart result={result} /> : <SqlResultGrid result={result} />}
    </>
  );
}
