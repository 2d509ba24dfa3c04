// The confusion matrix as a heatmap: rows the reference (human) role, columns the judge's role,
// each cell its count; the diagonal is agreement.
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { AgreementReport } from '../../../../shared/api-judge-eval';
import { ROLE_LABELS } from '../../../../shared/model';
import { EChart } from '../../../components/EChart';

const SHORT: Record<(typeof ROLE_LABELS)[number], string> = {
  decisive_progress: 'decisive progress',
  useful_exploration: 'useful exploration',
  no_progress_infrastructure: 'no-progress infra',
  regression: 'regression',
};

export function ConfusionHeatmap({ report }: { report: AgreementReport }) {
  const theme = useTheme();
  const option = useMemo(() => {
    const names = ROLE_LABELS.map((role) => SHORT[role]);
    // ECharts heatmap cells are [x (judge), y (human), count]; humans read top-down, so y reverses.
    const cells = report.confusion.flatMap((row, i) => row.map((count, j) => [j, i, count]));
    const max = Math.max(1, ...cells.map((cell) => cell[2] ?? 0));
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      tooltip: {
        formatter: (params: { value: number[] }) => {
          const [j = 0, i = 0, count = 0] = params.value;
          return `human ${names[i]} · judge ${names[j]}: ${count}`;
        },
      },
      grid: { left: 136, right: 16, top: 8, bottom: 64 },
      xAxis: {
        type: 'category',
        data: names,
        name: 'judge',
        nameLocation: 'middle',
        nameGap: 44,
        axisLabel: { color: text, interval: 0, fontSize: 11 },
      },
      yAxis: {
        type: 'category',
        data: names,
        inverse: true,
        name: 'human',
        nameLocation: 'middle',
        nameRotate: 90,
        nameGap: 116,
        axisLabel: { color: text, fontSize: 11 },
      },
      visualMap: {
        show: false,
        min: 0,
        max,
        inRange: { color: [theme.palette.background.paper, theme.palette.primary.main] },
      },
      series: [
        {
          type: 'heatmap',
          data: cells,
          label: { show: true, color: theme.palette.text.primary },
          itemStyle: { borderColor: theme.palette.divider, borderWidth: 1 },
        },
      ],
    };
  }, [report, theme]);
  return (
    <div data-testid="eval-confusion" aria-label="Confusion matrix, human role by judge role">
      <EChart option={option} height={280} />
    </div>
  );
}
