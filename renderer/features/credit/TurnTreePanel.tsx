// A group's turn tree (docs/credit.md, turn trees) as its branch points: where the rollouts of one
// prompt part ways, each continuation with its Monte-Carlo statistics (n, successes, p, p(1-p))
// and its branch advantage V(child) - V(parent).
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

type Node = ApiOutput<'getTurnTree'>['nodes'][number];

function fixed(value: number | null, digits = 2): string {
  return value === null ? DASH : value.toFixed(digits);
}

function describeTurn(node: Node): string {
  const tools = node.tool_names.length > 0 ? `${node.tool_names.join(', ')}: ` : '';
  const text = (node.preview ?? '').replace(/\s+/g, ' ').trim();
  return `${node.role ?? ''} · ${tools}${text.slice(0, 90) || DASH}`;
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
          {branchPoints.flatMap((point) =>
            point.children.map((childId, index) => {
              const child = nodes[childId] as Node;
              return (
                <TableRow key={`${point.id}-${childId}`} data-testid="turn-tree-branch">
                  <TableCell>
                    {index === 0 ? `#${point.depth - 1} (p ${fixed(point.p)})` : ''}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 420 }}>{describeTurn(child)}</TableCell>
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
            }),
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
