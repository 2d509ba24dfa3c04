// Charts of the trajectories matching an explorer filter (`#/charts?<filter>`): outcomes by task
// and model, lengths, label mix and credit. Every clickable chart opens the explorer on what was
// clicked, within the same filter.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { ChartsFilterBar } from './ChartsFilterBar';
import { explorerHref, withRange } from './chart-links';
import { LabelMixChart } from './LabelMixChart';
import { LengthHistogramChart } from './LengthHistogramChart';
import { RocChart } from './RocChart';
import { SuccessRateChart } from './SuccessRateChart';
import { ValueHistogramChart } from './ValueHistogramChart';

const NO_CREDIT =
  'Credit is computed by `turnwise credit --db FILE` or by "Store for the dataset" in the ' +
  'credit panel of any trajectory page.';

export function ChartsPage({ filter }: { filter: TrajectoryFilter }) {
  const { data, error, loading, reload } = useApi('getCharts', filter, { keepPrevious: true });
  const segmentation = filter.segmentation ?? 'action';
  const header = (
    <PageHeader
      title="Charts"
      subtitle={<ChartsFilterBar filter={filter} total={data?.trajectories} />}
    />
  );
  if (error !== undefined) {
    return (
      <Box>
        {header}
        <ErrorAlert error={error} title="Could not compute the charts" onRetry={reload} />
      </Box>
    );
  }
  if (data === undefined) {
    return (
      <Box>
        {header}
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (data.trajectories === 0) {
    return (
      <Box>
        {header}
        <EmptyState title="No trajectories match">
          Import a dataset (Datasets page) or widen the filter.
        </EmptyState>
      </Box>
    );
  }
  return (
    <Box sx={{ opacity: loading ? 0.6 : 1 }} aria-busy={loading}>
      {header}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(460px, 1fr))',
          gap: 2,
        }}
      >
        <SuccessRateChart
          title="Success rate by task"
          noun="task"
          field="task_ids"
          breakdown={data.by_task}
          filter={filter}
          testId="chart-by-task"
        />
        <SuccessRateChart
          title="Success rate by model"
          noun="model"
          field="models"
          breakdown={data.by_model}
          filter={filter}
          testId="chart-by-model"
        />
        <LengthHistogramChart
          title="Turns per trajectory by outcome"
          column="n_turns"
          unit="turns"
          histogram={data.n_turns}
          filter={filter}
          testId="chart-n-turns"
        />
        <LengthHistogramChart
          title="Actions per trajectory by outcome"
          column="n_actions"
          unit="actions"
          histogram={data.n_actions}
          filter={filter}
          testId="chart-n-actions"
        />
        <LabelMixChart labelMix={data.label_mix} filter={filter} segmentation={segmentation} />
        <ValueHistogramChart
          title="Segment credit (total)"
          unit="segments"
          histogram={data.credit_total}
          empty={NO_CREDIT}
          caption="Not clickable: a bin is a set of segments, and the explorer lists trajectories."
          testId="chart-credit-total"
        />
        <ValueHistogramChart
          title="Trajectory progress score"
          unit="trajectories"
          histogram={data.progress_score}
          empty={NO_CREDIT}
          binHref={(bin) =>
            explorerHref(withRange(filter, 'progress_score', { min: bin.lo, max: bin.hi }))
          }
          testId="chart-progress-score"
        />
        <RocChart
          roc={data.roc}
          scored={data.progress_score.values}
          filter={filter}
          empty={NO_CREDIT}
        />
      </Box>
    </Box>
  );
}
