// The headline numbers of a comparison: the tasks compared, both success rates, the difference
// with its 95% interval, the two tests, the flips, and decision-level agreement as a 2x2 table.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RunComparison } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { DASH, formatCount, formatPercent } from '../../components/format';
import { SummaryCard } from '../../components/SummaryCard';
import { arrow, formatInterval, formatP, formatPoints } from '../../components/compare-format';

const flips = (n: number) => `${formatCount(n)} task${n === 1 ? '' : 's'}`;

type Card = { id: string; label: string; value: ReactNode; detail: ReactNode };

function cards(c: RunComparison, a: RunInfo, b: RunInfo): Card[] {
  const onlyA = c.only_in[a.dataset_id] ?? 0;
  const onlyB = c.only_in[b.dataset_id] ?? 0;
  const significant = c.ci95 !== null && (c.ci95[0] > 0 || c.ci95[1] < 0);
  return [
    {
      id: 'shared',
      label: 'Shared tasks',
      value: formatCount(c.shared_tasks),
      detail: `only in A ${formatCount(onlyA)} · only in B ${formatCount(onlyB)}`,
    },
    {
      id: 'success-a',
      label: `Success A · ${a.name}`,
      value: formatPercent(c.success_a),
      detail: 'mean of per-task success rates',
    },
    {
      id: 'success-b',
      label: `Success B · ${b.name}`,
      value: formatPercent(c.success_b),
      detail: 'mean of per-task success rates',
    },
    {
      id: 'difference',
      label: 'Difference B − A',
      value: formatPoints(c.difference),
      detail:
        c.ci95 === null && c.shared_tasks === 1
          ? 'no interval from one task'
          : `95% CI ${formatInterval(c.ci95)}${c.ci95 === null ? '' : significant ? ' · excludes 0' : ' · includes 0'}`,
    },
    {
      id: 'mcnemar',
      label: 'McNemar p (flips)',
      value: formatP(c.mcnemar_p),
      detail: `exact, on the ${flips(c.fixed + c.broken)} that flipped`,
    },
    {
      id: 'paired',
      label: 'Paired p (success rates)',
      value: formatP(c.paired_p),
      detail: 'sign-flip permutation test',
    },
    {
      id: 'pass-at-k',
      label: c.pass_at_k === null ? 'pass@k' : `pass@${c.pass_at_k.k}`,
      value:
        c.pass_at_k === null
          ? DASH
          : arrow(formatPercent(c.pass_at_k.a), formatPercent(c.pass_at_k.b)),
      detail: 'unbiased, k = the fewest rollouts of a task',
    },
    {
      id: 'flips',
      label: 'Fixed / broken / unchanged',
      value: (
        <>
          <Box component="span" sx={{ color: 'success.main' }}>
            {formatCount(c.fixed)}
          </Box>
          {' / '}
          <Box component="span" sx={{ color: 'error.main' }}>
            {formatCount(c.broken)}
          </Box>
          {' / '}
          {formatCount(c.unchanged)}
        </>
      ),
      detail: 'a task succeeds when ≥ half its rollouts do',
    },
  ];
}

function AgreementCard({ comparison }: { comparison: RunComparison }) {
  const counts = comparison.agreement;
  const cell = (label: string, value: number, color?: string) => (
    <Box sx={{ textAlign: 'center', p: 0.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="h6" component="div" sx={{ color, lineHeight: 1.2 }}>
        {formatCount(value)}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="compare-card-agreement">
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Decision-level agreement (rows A, columns B)
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, mt: 0.5 }}>
        {cell('both right', counts.both_right)}
        {cell('broken', counts.broken, 'error.main')}
        {cell('fixed', counts.fixed, 'success.main')}
        {cell('both wrong', counts.both_wrong)}
      </Box>
    </Paper>
  );
}

export function CompareSummary({
  comparison,
  a,
  b,
}: {
  comparison: RunComparison;
  a: RunInfo;
  b: RunInfo;
}) {
  return (
    <Box
      data-testid="compare-summary"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}
    >
      {cards(comparison, a, b).map((card) => (
        <SummaryCard
          key={card.id}
          label={card.label}
          value={card.value}
          detail={card.detail}
          testId={`compare-card-${card.id}`}
          size="h5"
        />
      ))}
      <AgreementCard comparison={comparison} />
    </Box>
  );
}
