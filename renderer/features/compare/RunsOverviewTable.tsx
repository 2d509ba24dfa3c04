// With three or more runs in the link: every run's headline numbers, and which two are compared.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RunInfo } from '../../../shared/api-runs';
import { AppLink } from '../../components/AppLink';
import { DASH, formatCount, formatPercent, formatReward } from '../../components/format';
import { datasetHref } from '../../routing/routes';

type Props = {
  runs: readonly RunInfo[];
  a: string;
  b: string;
  onPair: (a: string, b: string) => void;
};

export function RunsOverviewTable({ runs, a, b, onPair }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="compare-overview">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Runs in this comparison
      </Typography>
      <Table size="small" aria-label="Runs in this comparison">
        <TableHead>
          <TableRow>
            <TableCell>Run</TableCell>
            <TableCell>Model</TableCell>
            <TableCell>Checkpoint</TableCell>
            <TableCell align="right">Step</TableCell>
            <TableCell align="right">Tasks</TableCell>
            <TableCell align="right">Success rate</TableCell>
            <TableCell align="right">Mean reward</TableCell>
            <TableCell>Compared as</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => {
            const side = run.dataset_id === a ? 'A' : run.dataset_id === b ? 'B' : null;
            return (
              <TableRow key={run.dataset_id} selected={side !== null}>
                <TableCell>
                  <AppLink href={datasetHref(run.dataset_id)}>{run.name}</AppLink>
                </TableCell>
                <TableCell>{run.model ?? DASH}</TableCell>
                <TableCell>{run.checkpoint ?? DASH}</TableCell>
                <TableCell align="right">{run.step ?? DASH}</TableCell>
                <TableCell align="right">{formatCount(run.tasks)}</TableCell>
                <TableCell align="right">{formatPercent(run.success_rate)}</TableCell>
                <TableCell align="right">{formatReward(run.mean_reward)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {side !== null ? (
                    <Chip size="small" color="primary" label={side} />
                  ) : (
                    <>
                      <Button size="small" onClick={() => onPair(run.dataset_id, b)}>
                        as A
                      </Button>
                      <Button size="small" onClick={() => onPair(a, run.dataset_id)}>
                        as B
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
