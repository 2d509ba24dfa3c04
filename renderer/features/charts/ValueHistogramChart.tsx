// An equal-width histogram of a real-valued column (progress scores, segment credit totals);
// clickable only where a bin is a set of trajectories.
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { ValueHistogram } from '../../../shared/api-charts';
import { EChart } from '../../components/EChart';
import { EmptyState } from '../../components/EmptyState';
import { navigate } from '../../routing/routes';
import { ChartCard } from '../../components/charts/ChartCard';
import { short, TOOLTIP } from '../../components/charts/chart-options';

type Bin = ValueHistogram['bins'][number];

type Props = {
  title: string;
  /** What one counted value is ('trajectories', 'segments'). */
  unit: string;
  histogram: ValueHistogram;
  caption?: ReactNode;
  /** Shown instead of the chart when there are no values. */
  empty: ReactNode;
  /** The explorer link of a bin; without it the chart is not clickable. */
  binHref?: (bin: Bin) => string;
  testId: string;
};

const binLabel = (bin: Bin) => `${short(bin.lo)} to ${short(bin.hi)}`;

export function ValueHistogramChart(props: Props) {
  const { title, unit, histogram, caption, empty, binHref, testId } = props;
  const theme = useTheme();
  const first = histogram.bins[0];
  const last = histogram.bins.at(-1);
  const summary =
    first === undefined || last === undefined
      ? `No ${unit}.`
      : `${histogram.values} ${unit} from ${short(first.lo)} to ${short(last.hi)} in ${histogram.bins.length} bins.${binHref === undefined ? '' : ' Click a bar to list them.'}`;
  return (
    <ChartCard
      title={title}
      summary={summary}
      caption={caption}
      testId={testId}
      table={{
        columns: ['bin', unit],
        rows: histogram.bins.map((b) => [
          binHref === undefined ? binLabel(b) : { text: binLabel(b), href: binHref(b) },
          b.count,
        ]),
      }}
    >
      {histogram.values === 0 ? (
        <EmptyState title={`No ${unit} yet`}>{empty}</EmptyState>
      ) : (
        <EChart
          height={220}
          onItemClick={
            binHref === undefined
              ? undefined
              : ({ dataIndex }) => {
                  const bin = histogram.bins[dataIndex];
                  if (bin !== undefined) navigate(binHref(bin));
                }
          }
          option={{
            animation: false,
            grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
            tooltip: { ...TOOLTIP, trigger: 'axis', axisPointer: { type: 'shadow' } },
            xAxis: {
              type: 'category',
              data: histogram.bins.map(binLabel),
              axisLabel: { formatter: (_: string, i: number) => short(histogram.bins[i]?.lo ?? 0) },
            },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              {
                type: 'bar',
                name: unit,
                cursor: binHref === undefined ? 'default' : 'pointer',
                barCategoryGap: '8%',
                data: histogram.bins.map((b) => b.count),
                itemStyle: { color: theme.palette.primary.main },
              },
            ],
          }}
        />
      )}
    </ChartCard>
  );
}
