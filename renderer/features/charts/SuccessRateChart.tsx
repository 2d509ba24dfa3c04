// Success rate per task or per model, largest groups first; a bar opens the explorer on it.
import { useTheme } from '@mui/material/styles';
import type { SuccessRow } from '../../../shared/api-charts';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { EChart } from '../../components/EChart';
import { navigate } from '../../routing/routes';
import { ChartCard } from '../../components/charts/ChartCard';
import { explorerHref, withValue } from './chart-links';
import { firstItem, percent, TOOLTIP } from '../../components/charts/chart-options';

type Props = {
  title: string;
  /** 'task' or 'model': the noun of the summary and the table. */
  noun: string;
  field: 'task_ids' | 'models';
  breakdown: { distinct: number; rows: SuccessRow[] };
  filter: TrajectoryFilter;
  testId: string;
};

const label = (value: string | null) => value ?? '(none)';

export function SuccessRateChart({ title, noun, field, breakdown, filter, testId }: Props) {
  const theme = useTheme();
  // Largest group on top: a category y axis draws its first entry at the bottom.
  const rows = [...breakdown.rows].reverse();
  const shown = breakdown.rows.length;
  const nouns = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const summary =
    shown === breakdown.distinct
      ? `Success rate of ${nouns(shown)}.`
      : `Success rate of the ${shown} largest of ${nouns(breakdown.distinct)}.`;
  return (
    <ChartCard
      title={title}
      summary={`${summary} Click a bar to list its trajectories.`}
      testId={testId}
      table={{
        columns: [noun, 'trajectories', 'known outcome', 'successes', 'success rate'],
        rows: breakdown.rows.map((r) => [
          { text: label(r.value), href: explorerHref(withValue(filter, field, r.value)) },
          r.n,
          r.known,
          r.successes,
          percent(r.success_rate),
        ]),
      }}
    >
      <EChart
        height={Math.max(160, rows.length * 22 + 48)}
        onItemClick={({ dataIndex }) => {
          const row = rows[dataIndex];
          if (row !== undefined) navigate(explorerHref(withValue(filter, field, row.value)));
        }}
        option={{
          animation: false,
          grid: { left: 8, right: 48, top: 8, bottom: 24, containLabel: true },
          tooltip: {
            ...TOOLTIP,
            trigger: 'axis',
            axisPointer: { type: 'shadow' },
            formatter: (params: unknown) => {
              const row = rows[firstItem(params).dataIndex];
              if (row === undefined) return '';
              return `${label(row.value)}\n${percent(row.success_rate)} success (${row.successes} of ${row.known} known, ${row.n} in all)`;
            },
          },
          xAxis: {
            type: 'value',
            min: 0,
            max: 1,
            axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
          },
          yAxis: {
            type: 'category',
            data: rows.map((r) => label(r.value)),
            axisLabel: { width: 180, overflow: 'truncate' },
          },
          series: [
            {
              type: 'bar',
              name: 'success rate',
              cursor: 'pointer',
              data: rows.map((r) => r.success_rate ?? 0),
              itemStyle: { color: theme.palette.primary.main },
              label: {
                show: true,
                position: 'right',
                formatter: ({ dataIndex }: { dataIndex: number }) =>
                  `${percent(rows[dataIndex]?.success_rate ?? null)} · ${rows[dataIndex]?.n ?? 0}`,
              },
            },
          ],
        }}
      />
    </ChartCard>
  );
}
