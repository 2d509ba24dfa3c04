// A small bar chart of a distribution computed by the engine (equal-width bins).
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { CreditStats } from '../../../shared/api-credit';
import { EChart } from '../../components/EChart';

type Histogram = CreditStats['histograms']['total'];

function binLabels({ min, max, counts }: Histogram): string[] {
  if (min === null || max === null) return counts.map(() => '');
  const width = (max - min) / counts.length;
  return counts.map((_, i) => (min + width * (i + 0.5)).toFixed(2));
}

export function CreditHistogram({ title, histogram }: { title: string; histogram: Histogram }) {
  const theme = useTheme();
  const empty = histogram.counts.every((count) => count === 0);
  return (
    <div role="figure" aria-label={title}>
      <Typography variant="caption" color="text.secondary">
        {title}
        {histogram.min !== null && histogram.max !== null
          ? ` (${histogram.min.toFixed(2)} to ${histogram.max.toFixed(2)})`
          : ''}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          No values yet.
        </Typography>
      ) : (
        <EChart
          height={110}
          option={{
            animation: false,
            grid: { left: 28, right: 4, top: 6, bottom: 18 },
            tooltip: { trigger: 'axis' },
            xAxis: {
              type: 'category',
              data: binLabels(histogram),
              axisLabel: { show: false },
            },
            yAxis: { type: 'value', splitLine: { show: false } },
            series: [
              {
                type: 'bar',
                data: histogram.counts,
                barCategoryGap: '10%',
                itemStyle: { color: theme.palette.primary.main },
              },
            ],
          }}
        />
      )}
    </div>
  );
}
