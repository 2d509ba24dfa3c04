// The mix of effective role labels among successful and failed trajectories (shares of each
// outcome's labeled segments); a cell opens the explorer on that outcome with >= 1 such label.
import { useTheme } from '@mui/material/styles';
import { CHART_OUTCOMES, type ChartOutcome, type Charts } from '../../../shared/api-charts';
import { ROLE_LABELS } from '../../../shared/model';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { EChart } from '../../components/EChart';
import { EmptyState } from '../../components/EmptyState';
import { navigate } from '../../routing/routes';
import { ChartCard } from '../../components/charts/ChartCard';
import { explorerHref, withOutcome, withRange } from './chart-links';
import { firstItem, percent, TOOLTIP } from '../../components/charts/chart-options';

type Props = { labelMix: Charts['label_mix']; filter: TrajectoryFilter; segmentation: string };

const TITLE = 'Label mix by outcome';

export function LabelMixChart({ labelMix, filter, segmentation }: Props) {
  const theme = useTheme();
  const roleColors = [
    theme.palette.success.main,
    theme.palette.info.main,
    theme.palette.grey[500],
    theme.palette.error.main,
  ];
  const count = (role: string, outcome: string) =>
    labelMix.cells.find((c) => c.role_label === role && c.outcome === outcome)?.n ?? 0;
  const outcomes = CHART_OUTCOMES.filter((o) => labelMix.cells.some((c) => c.outcome === o));
  const perOutcome = outcomes.map((o) => ROLE_LABELS.reduce((sum, r) => sum + count(r, o), 0));
  const share = (role: string, i: number) =>
    (perOutcome[i] ?? 0) === 0 ? 0 : count(role, outcomes[i] ?? '') / (perOutcome[i] ?? 1);

  const cellHref = (role: (typeof ROLE_LABELS)[number], outcome: ChartOutcome) =>
    explorerHref(withOutcome(withRange(filter, role, { min: 1 }), outcome));

  if (labelMix.segments === 0) {
    return (
      <ChartCard
        title={TITLE}
        summary={`No labeled segments (segmentation ${segmentation}).`}
        testId="chart-label-mix"
        table={{ columns: [], rows: [] }}
      >
        <EmptyState title="No labels yet">
          Label segments in the labeling panel of a trajectory page, run the heuristic labeler from
          a dataset page, or run <code>turnwise label --labeler heuristic</code> (or{' '}
          <code>judge</code>).
        </EmptyState>
      </ChartCard>
    );
  }
  return (
    <ChartCard
      title={TITLE}
      summary={`${labelMix.segments} labeled segments by the outcome of their trajectory. Click a cell to list the trajectories of that outcome with such a label.`}
      testId="chart-label-mix"
      table={{
        columns: ['role', ...outcomes.flatMap((o) => [o, `${o} share`])],
        rows: ROLE_LABELS.map((role) => [
          role,
          ...outcomes.flatMap((o, i) => [
            { text: count(role, o), href: cellHref(role, o) },
            percent(share(role, i)),
          ]),
        ]),
      }}
    >
      <EChart
        height={240}
        onItemClick={({ seriesIndex, dataIndex }) => {
          const role = ROLE_LABELS[seriesIndex];
          const outcome = outcomes[dataIndex];
          if (role === undefined || outcome === undefined) return;
          navigate(cellHref(role, outcome));
        }}
        option={{
          animation: false,
          legend: { top: 0, left: 0 },
          grid: { left: 8, right: 8, top: 56, bottom: 8, containLabel: true },
          tooltip: {
            ...TOOLTIP,
            trigger: 'item',
            formatter: (params: unknown) => {
              const { seriesIndex = 0, dataIndex } = firstItem(params);
              const role = ROLE_LABELS[seriesIndex] ?? '';
              const outcome = outcomes[dataIndex] ?? '';
              return `${role} in ${outcome}: ${count(role, outcome)} segments (${percent(share(role, dataIndex))})`;
            },
          },
          xAxis: { type: 'category', data: outcomes.map((o, i) => `${o} (${perOutcome[i]})`) },
          yAxis: {
            type: 'value',
            max: 1,
            axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
          },
          series: ROLE_LABELS.map((role, r) => ({
            type: 'bar',
            name: role,
            stack: 'labels',
            cursor: 'pointer',
            data: outcomes.map((_, i) => share(role, i)),
            itemStyle: { color: roleColors[r] },
          })),
        }}
      />
    </ChartCard>
  );
}
