// The ROC curve of the progress score as a predictor of success, with its AUROC; a point opens
// the explorer on the trajectories at or above its threshold.
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Charts } from '../../../shared/api-charts';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { EChart } from '../../components/EChart';
import { EmptyState } from '../../components/EmptyState';
import { navigate } from '../../routing/routes';
import { ChartCard } from '../../components/charts/ChartCard';
import { explorerHref, withRange } from './chart-links';
import { firstItem, short, TOOLTIP } from '../../components/charts/chart-options';
import './register-echarts';

type Props = { roc: Charts['roc']; scored: number; filter: TrajectoryFilter; empty: string };

const TITLE = 'Progress score vs success (ROC)';

export function RocChart({ roc, scored, filter, empty }: Props) {
  const theme = useTheme();
  if (roc === null) {
    const why =
      scored === 0
        ? 'No progress scores yet.'
        : 'Every scored trajectory with a known outcome has the same outcome: no ROC curve.';
    return (
      <ChartCard title={TITLE} summary={why} testId="chart-roc" table={{ columns: [], rows: [] }}>
        <EmptyState title={why}>{scored === 0 ? empty : undefined}</EmptyState>
      </ChartCard>
    );
  }
  const points = roc.points;
  const thresholdHref = (threshold: number) =>
    explorerHref(withRange(filter, 'progress_score', { min: threshold }));
  return (
    <ChartCard
      title={TITLE}
      summary={`AUROC ${roc.auroc.toFixed(3)} over ${roc.positives} successes and ${roc.negatives} failures. Click a point to list the trajectories scoring at least its threshold.`}
      testId="chart-roc"
      caption="Ties count 1/2. The curve shows at most 200 thresholds; the AUROC uses them all."
      table={{
        columns: ['threshold (score ≥)', 'false positive rate', 'true positive rate'],
        rows: points.map((p) => [
          p.threshold === null
            ? '—'
            : { text: short(p.threshold), href: thresholdHref(p.threshold) },
          p.fpr.toFixed(3),
          p.tpr.toFixed(3),
        ]),
      }}
    >
      <Typography variant="h6" component="p" data-testid="roc-auroc">
        AUROC {roc.auroc.toFixed(3)}
      </Typography>
      <EChart
        height={260}
        onItemClick={({ seriesIndex, dataIndex }) => {
          const threshold = seriesIndex === 0 ? points[dataIndex]?.threshold : null;
          if (threshold === null || threshold === undefined) return;
          navigate(thresholdHref(threshold));
        }}
        option={{
          animation: false,
          grid: { left: 24, right: 16, top: 8, bottom: 28, containLabel: true },
          tooltip: {
            ...TOOLTIP,
            trigger: 'item',
            formatter: (params: unknown) => {
              const { seriesIndex, dataIndex } = firstItem(params);
              const p = seriesIndex === 0 ? points[dataIndex] : undefined;
              if (p === undefined) return '';
              const threshold = p.threshold === null ? 'none' : `score ≥ ${short(p.threshold)}`;
              return `${threshold}\nTPR ${p.tpr.toFixed(3)}, FPR ${p.fpr.toFixed(3)}`;
            },
          },
          xAxis: {
            type: 'value',
            min: 0,
            max: 1,
            name: 'false positive rate',
            nameLocation: 'middle',
            nameGap: 24,
          },
          yAxis: {
            type: 'value',
            min: 0,
            max: 1,
            name: 'true positive rate',
            nameLocation: 'middle',
            nameGap: 40,
          },
          series: [
            {
              type: 'line',
              name: 'ROC',
              cursor: 'pointer',
              symbolSize: 6,
              data: points.map((p) => [p.fpr, p.tpr]),
              itemStyle: { color: theme.palette.primary.main },
            },
            {
              type: 'line',
              name: 'chance',
              silent: true,
              symbol: 'none',
              data: [
                [0, 0],
                [1, 1],
              ],
              lineStyle: { type: 'dashed', color: theme.palette.grey[500] },
            },
          ],
        }}
      />
    </ChartCard>
  );
}
