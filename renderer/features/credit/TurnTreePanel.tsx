// A group's turn tree (docs/credit.md, turn trees) as its branch points: where the rollouts of one
// prompt part ways, each continuation with its Monte-Carlo statistics (n, successes, p, p(1-p))
// and its branch advantage V(child) - V(parent).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiOutput } from '../../../shared/api';
import type { ApiState } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DASH } from '../../components/format';
import { branchLabels } from './branch-labels';
import { turnName } from '../../components/step-names';

type Node = ApiOutput<'getTurnTree'>['nodes'][number];

function fixed(value: number | null, digits = 2): string {
  return value === null ? DASH : value.toFixed(digits);
}

/** Where a branch point sits: after a turn every rollout through it shares, or at the start. */
function branchPointText(point: Node): string {
  return point.turn_index === null ? 'the start' : turnName(point.turn_index);
}

export function TurnTreePanel({ tree }: { tree: ApiState<ApiOutput<'getTurnTree'>> }) {
  if (tree.error !== undefined) return <ErrorAlert error={tree.error} title="No turn tree" />;
  if (tree.data === undefined) return null;
  const nodes = tree.data.nodes;
  const branchPoints = nodes.filter((node) => node.children.length > 1);
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid="turn-tree">
      <Typography variant="subtitle2">
        Turn tree: {tree.data.rollouts} rollouts, {nodes.length - 1} distinct turns,{' '}
        {branchPoints.length} branch points
      </Typography>
      <Typography variant="caption" color="text.secondary">
        At each branch point the rollouts share every earlier turn. p is the success rate of the
        rollouts through a turn, p(1-p) where more samples would tell most, and the branch advantage
        is p(turn) - p(the turn before).
      </Typography>
      <Table size="small" aria-label="turn tree branch points">
        <TableHead>
          <TableRow>
            <TableCell>After turn</TableCell>
            <TableCell>Continuation</TableCell>
            <TableCell align="right">n</TableCell>
            <TableCell align="right">successes</TableCell>
            <TableCell align="right">p</TableCell>
            <TableCell align="right">p(1-p)</TableCell>
            <TableCell align="right">branch adv.</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {branchPoints.flatMap((point) => {
            // One label per continuation, each set apart from its siblings: computed once a point.
            const labels = branchLabels(point.children.map((id) => nodes[id] as Node));
            return point.children.map((childId, index) => {
              const child = nodes[childId] as Node;
              return (
                <TableRow key={`${point.id}-${childId}`} data-testid="turn-tree-branch">
                  <TableCell>
                    {index === 0 ? `${branchPointText(point)} (p ${fixed(point.p)})` : ''}
                  </TableCell>
                  <TableCell>
                    {/* A box, not the cell, holds the width: table cells ignore max-width. */}
                    <Box sx={{ maxWidth: 520, overflowWrap: 'anywhere' }}>{labels[index]}</Box>
                  </TableCell>
                  <TableCell align="right">{child.n}</TableCell>
                  <TableCell align="right">{child.successes}</TableCell>
                  <TableCell align="right">{fixed(child.p)}</TableCell>
                  <TableCell align="right">{fixed(child.success_variance)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      color:
                        (child.branch_advantage ?? 0) > 0
                          ? 'success.main'
                          : (child.branch_advantage ?? 0) < 0
                            ? 'error.main'
                            : undefined,
                    }}
                  >
                    {fixed(child.branch_advantage)}
                  </TableCell>
                </TableRow>
              );
            });
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
