// Did training on the export help where it was aimed? The run against its parent on the tasks it
// was trained on and on the held-out ones: tasks, success parent → run, the difference with its
// 95% interval, and the flips (fixed / broken). Each row opens the full comparison in that scope.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CurationRow } from './CurationRow';

type Props = { parent: string; run: string };

export function CurationAnswer({ parent, run }: Props) {
  return (
    <Box data-testid="runs-curation">
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Against its parent, on the export&apos;s tasks and the others
      </Typography>
      <Table
        size="small"
        aria-label="Trained-on and held-out tasks"
        sx={{ '& td, & th': { px: 0.75 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Tasks</TableCell>
            <TableCell align="right">n</TableCell>
            <TableCell align="right">Success</TableCell>
            <TableCell align="right">Difference</TableCell>
            <TableCell align="right" title="fixed / broken">
              Flips
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <CurationRow parent={parent} run={run} scope="trained" label="Trained on" />
          <CurationRow parent={parent} run={run} scope="held_out" label="Held out" />
        </TableBody>
      </Table>
    </Box>
  );
}
