// Per-task success rate in run A (x) against run B (y): above the diagonal B did better. Points
// are coloured by status (fixed, broken, unchanged); tasks B was trained on are diamonds. A click
// selects the task.
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { CompareTask, RunComparison } from '../../../shared/api-compare';
import type { RunInfo } from '../../../shared/api-runs';
import { EChart } from '../../components/EChart';
import { formatPercent } from '../../components/format';
import { ChartCard } from '../../components/charts/ChartCard';
import { TOOLTIP } from '../../components/charts/chart-options';
import { jitter, successRate, taskDifference } from './compare-stats';
import { formatPoints } from '../../components/compare-format';
import './register-scatter';

const STATUSES = ['fixed', 'broken', 'unchanged'] as const;

const AXIS = {
  min: 0,
  max: 1,
  interval: 0.25,
  axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
};

/** A rate moved by its task's jitter, reflected back inside [0, 1]. */
function spread(rate: number, key: string): number {
  const moved = rate + jitter(key);
  return moved < 0 ? -moved : moved > 1 ? 2 - moved : moved;
}

type Props = {
  comparison: RunComparison;
  a: RunInfo;
  b: RunInfo;
  selected: string | null;
  onSelect: (taskId: string) => void;
};

function trainedText(task: CompareTask): string {
  return task.trained === null ? '' : task.trained ? ', trained' : ', held out';
}

export function CompareScatter({ comparison, a, b, selected, onSelect }: Props) {
  const theme = useTheme();
  const groups = useMemo(
    () => STATUSES.map((status) => comparison.tasks.filter((t) => t.status === status)),
    [comparison.tasks],
  );
  const hasTrained = comparison.tasks.some((t) => t.trained !== null);
  const option = useMemo(() => {
    const colors = {
      fixed: theme.palette.success.main,
      broken: theme.palette.error.main,
      unchanged: theme.palette.grey[500],
    };
    return {
      animation: false,
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, data: [...STATUSES] },
      tooltip: {
        ...TOOLTIP,
        trigger: 'item',
        formatter: (params: unknown) => {
          const { seriesIndex, dataIndex } = params as { seriesIndex: number; dataIndex: number };
          const task = groups[seriesIndex]?.[dataIndex];
          if (task === undefined) return '';
          return (
            `${task.task_id}\nA ${task.a.successes}/${task.a.n} → B ${task.b.successes}/${task.b.n}` +
            ` (${task.status}${trainedText(task)})`
          );
        },
      },
      xAxis: {
        type: 'value',
        name: `A: ${a.name}`,
        nameLocation: 'middle',
        nameGap: 24,
        ...AXIS,
      },
      yAxis: {
        type: 'value',
        name: `B: ${b.name}`,
        nameLocation: 'middle',
        nameGap: 40,
        ...AXIS,
      },
      series: [
        ...STATUSES.map((status, index) => ({
          type: 'scatter',
          name: status,
          cursor: 'pointer',
          itemStyle: { color: colors[status], opacity: 0.8 },
          data: (groups[index] ?? []).map((task) => ({
            name: task.task_id,
            value: [
              spread(successRate(task.a) ?? 0, task.task_id),
              spread(successRate(task.b) ?? 0, `${task.task_id}\u0000b`),
            ],
            symbol: task.trained === true ? 'diamond' : 'circle',
            symbolSize: task.task_id === selected ? 16 : 9,
            itemStyle:
              task.task_id === selected
                ? { borderColor: theme.palette.text.primary, borderWidth: 2, opacity: 1 }
                : undefined,
          })),
        })),
        {
          type: 'line',
          name: 'no change',
          silent: true,
          symbol: 'none',
          data: [
            [0, 0],
            [1, 1],
          ],
          lineStyle: { type: 'dashed', color: theme.palette.text.disabled, width: 1 },
          tooltip: { show: false },
        },
      ],
    };
  }, [groups, a.name, b.name, selected, theme]);
  const summary =
    `${comparison.tasks.length} task${comparison.tasks.length === 1 ? '' : 's'}: ${comparison.fixed} fixed (above the diagonal), ` +
    `${comparison.broken} broken, ${comparison.unchanged} unchanged. Click a point to open the task.`;
  return (
    <ChartCard
      title="Per-task success rate, A against B"
      summary={summary}
      testId="compare-scatter"
      caption={
        `Points are moved by up to 2.5 points so equal rates stay visible.` +
        (hasTrained ? ' ◆ trained on, ● held out.' : '')
      }
      table={{
        columns: ['task', 'A', 'B', 'difference', 'status'],
        rows: comparison.tasks.map((t) => [
          t.task_id,
          formatPercent(successRate(t.a)),
          formatPercent(successRate(t.b)),
          formatPoints(taskDifference(t)),
          t.status,
        ]),
      }}
    >
      <EChart
        height={360}
        option={option}
        onItemClick={({ seriesIndex, dataIndex }) => {
          const task = groups[seriesIndex]?.[dataIndex];
          if (task !== undefined) onSelect(task.task_id);
        }}
      />
    </ChartCard>
  );
}
