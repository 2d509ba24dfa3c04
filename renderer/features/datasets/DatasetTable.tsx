// All imported datasets with their headline numbers; a row opens the dataset.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import type { DatasetSummary } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';
import { formatCount, formatDateTime, formatPercent, formatReward } from '../../components/format';
import { TableSkeleton } from '../../components/TableSkeleton';
import { datasetHref, navigate } from '../../routing/routes';

const HEADERS: { label: string; numeric?: boolean }[] = [
  { label: 'Name' },
  { label: 'Format' },
  { label: 'Trajectories', numeric: true },
  { label: 'Turns', numeric: true },
  { label: 'Groups', numeric: true },
  { label: 'Success rate', numeric: true },
  { label: 'Mean reward', numeric: true },
  { label: 'Imported at' },
];

export function DatasetTable({ datasets }: { datasets: DatasetSummary[] | undefined }) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Datasets">
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h.label} align={h.numeric === true ? 'right' : 'left'}>
                {h.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {datasets === undefined ? (
            <TableSkeleton columns={HEADERS.length} rows={4} />
          ) : (
            datasets.map((d) => (
              <TableRow
                key={d.dataset_id}
                hover
                data-testid="dataset-row"
                sx={{ cursor: 'pointer' }}
                onClick={(event) => {
                  if ((event.target as Element).closest('a') === null)
                    navigate(datasetHref(d.dataset_id));
                }}
              >
                <TableCell>
                  <AppLink href={datasetHref(d.dataset_id)} sx={{ fontWeight: 500 }}>
                    {d.name}
                  </AppLink>
                </TableCell>
                <TableCell>
                  {d.format}
                  {d.storage === 'attached' && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={d.files_missing ? 'warning' : 'default'}
                      label={d.files_missing ? 'attached: files missing' : 'attached'}
                      sx={{ ml: 1 }}
                    />
                  )}
                </TableCell>
                <TableCell align="right">{formatCount(d.trajectories)}</TableCell>
                <TableCell align="right">{formatCount(d.turns)}</TableCell>
                <TableCell align="right">{formatCount(d.groups)}</TableCell>
                <TableCell align="right">{formatPercent(d.success_rate)}</TableCell>
                <TableCell align="right">{formatReward(d.mean_reward)}</TableCell>
                <TableCell>{formatDateTime(d.imported_at)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
