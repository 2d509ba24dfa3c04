// Trajectory lengths (turns or actions) by outcome, stacked; a bar segment opens the explorer
// on that length range and outcome.
import {
  CHART_OUTCOMES,
  type ChartOutcome,
  type IntegerHistogram,
} from '../../../shared/api-charts';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { EChart } from '../../components/EChart';
import { navigate } from '../../routing/routes';
import { ChartCard } from '../../components/charts/ChartCard';
import { explorerHref, withOutcome, withRange } from './chart-links';
import { TOOLTIP } from '../../components/charts/chart-options';
import { useOutcomeColors } from './useOutcomeColors';

type Props = {
  title: string;
  column: 'n_turns' | 'n_actions';
  /** What is counted ('turns', 'actions'), for the axis and the table. */
  unit: string;
  histogram: IntegerHistogram;
  filter: TrajectoryFilter;
  testId: string;
};

const binLabel = ({ lo, hi }: { lo: number; hi: number }) => (lo === hi ? `${lo}` : `${lo}–${hi}`);

export function LengthHistogramChart({ title, column, unit, histogram, filter, testId }: Props) {
  const colors = useOutcomeColors();
  const outcomes = CHART_OUTCOMES.filter((o) => histogram.counts[o].some((n) => n > 0));
  const total = outcomes.reduce(
    (sum, o) => sum + histogram.counts[o].reduce((a, b) => a + b, 0),
    0,
  );
  const binHref = (bin: { lo: number; hi: number }, outcome: ChartOutcome) =>
    explorerHref(withOutcome(withRange(filter, column, { min: bin.lo, max: bin.hi }), outcome));
  const first = histogram.bins[0];
  const last = histogram.bins.at(-1);
  const summary =
    first === undefined || last === undefined
      ? 'No trajectories.'
      : `${total} trajectories with ${first.lo} to ${last.hi} ${unit}, in ${histogram.bins.length} bins by outcome. Click a bar to list them.`;
  return (
    <ChartCard
      title={title}
      summary={summary}
      testId={testId}
      table={{
        columns: [unit, ...outcomes],
        rows: histogram.bins.map((bin, i) => [
          binLabel(bin),
          ...outcomes.map((o) => ({ text: histogram.counts[o][i] ?? 0, href: binHref(bin, o) })),
        ]),
      }}
    >
      <EChart
        height={240}
        onItemClick={({ seriesIndex, dataIndex }) => {
          const outcome = outcomes[seriesIndex];
          const bin = histogram.bins[dataIndex];
          if (outcome === undefined || bin === undefined) return;
          navigate(binHref(bin, outcome));
        }}
        option={{
          animation: false,
          legend: { top: 0, right: 0 },
          grid: { left: 8, right: 8, top: 28, bottom: 8, containLabel: true },
          tooltip: { ...TOOLTIP, trigger: 'axis', axisPointer: { type: 'shadow' } },
          xAxis: { type: 'category', name: unit, data: histogram.bins.map(binLabel) },
          yAxis: { type: 'value', minInterval: 1 },
          series: outcomes.map((outcome) => ({
            type: 'bar',
            name: outcome,
            stack: 'outcome',
            cursor: 'pointer',
            data: histogram.counts[outcome],
            itemStyle: { color: colors[outcome] },
          })),
        }}
      />
    </ChartCard>
  );
}
