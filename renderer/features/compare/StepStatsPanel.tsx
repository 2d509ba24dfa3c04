// Step level: how each run behaved over the compared rollouts (actions, tool errors, progress,
// the TRIAGE label mix as counts and shares) and the change from A to B.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RunStepStats } from '../../../shared/api-compare';
import { ROLE_LABELS } from '../../../shared/model';
import { DASH, formatCount, formatPercent } from '../../components/format';
import { roleInfo } from '../../components/role-labels';
import { formatChange, formatMean, formatPoints } from '../../components/compare-format';
import { LabelMixBar } from './LabelMixBar';
import { useRoleColor } from './useRoleColor';

type Row = { label: string; a: string; b: string; change: string; swatch?: string };

function share(steps: RunStepStats, count: number): number | null {
  return steps.labelled_steps > 0 ? count / steps.labelled_steps : null;
}

function shareChange(a: number | null, b: number | null): string {
  return a === null || b === null ? DASH : formatPoints(b - a);
}

export function StepStatsPanel({
  a,
  b,
  title = 'Step level',
}: {
  a: RunStepStats;
  b: RunStepStats;
  title?: string;
}) {
  const roleColor = useRoleColor();
  const rows: Row[] = [
    {
      label: 'Rollouts',
      a: formatCount(a.trajectories),
      b: formatCount(b.trajectories),
      change: formatChange(a.trajectories, b.trajectories),
    },
    {
      label: 'Mean actions',
      a: formatMean(a.mean_actions),
      b: formatMean(b.mean_actions),
      change: formatChange(a.mean_actions, b.mean_actions),
    },
    {
      label: 'Tool-error rate',
      a: `${formatPercent(a.tool_error_rate)} of ${formatCount(a.tool_results)}`,
      b: `${formatPercent(b.tool_error_rate)} of ${formatCount(b.tool_results)}`,
      change: shareChange(a.tool_error_rate, b.tool_error_rate),
    },
    {
      label: 'Mean progress',
      a: formatMean(a.mean_progress),
      b: formatMean(b.mean_progress),
      change: formatChange(a.mean_progress, b.mean_progress),
    },
    {
      label: 'Labelled steps',
      a: formatCount(a.labelled_steps),
      b: formatCount(b.labelled_steps),
      change: formatChange(a.labelled_steps, b.labelled_steps),
    },
    ...ROLE_LABELS.map((role) => {
      const countA = a.label_mix[role] ?? 0;
      const countB = b.label_mix[role] ?? 0;
      return {
        label: roleInfo(role).name,
        a: `${formatCount(countA)} (${formatPercent(share(a, countA))})`,
        b: `${formatCount(countB)} (${formatPercent(share(b, countB))})`,
        change: shareChange(share(a, countA), share(b, countB)),
        swatch: roleColor(role),
      };
    }),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="compare-steps">
      <Typography variant="subtitle2" component="h2">
        {title}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Over the compared rollouts. Label shares are of labelled steps; their change is in points.
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, my: 1.5 }}>
        <LabelMixBar label="A" steps={a} />
        <LabelMixBar label="B" steps={b} />
      </Box>
      <Table size="small" aria-label={`${title}: A and B`}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">A</TableCell>
            <TableCell align="right">B</TableCell>
            <TableCell align="right">B − A</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">
                {row.swatch !== undefined && (
                  <Box
                    component="span"
                    sx={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: '2px',
                      bgcolor: row.swatch,
                      mr: 1,
                    }}
                  />
                )}
                {row.label}
              </TableCell>
              <TableCell align="right">{row.a}</TableCell>
              <TableCell align="right">{row.b}</TableCell>
              <TableCell align="right">{row.change}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
