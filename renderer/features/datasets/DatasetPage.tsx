// `#/dataset/<id>`: a dataset's summary and its trajectories.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { TrajectoryTable } from '../trajectories/TrajectoryTable';
import { DatasetSummaryPanel } from './DatasetSummaryPanel';

export function DatasetPage({ id }: { id: string }) {
  // There is no single-dataset method; the list is small and already cached by the server.
  const datasets = useApi('listDatasets', {});
  const dataset = datasets.data?.datasets.find((d) => d.dataset_id === id);
  const overline = 'Dataset'; // plain text: see TrajectoryPage

  if (datasets.error !== undefined) {
    return (
      <>
        <PageHeader overline={overline} title={id} />
        <ErrorAlert
          error={datasets.error}
          title="Could not load the dataset"
          onRetry={datasets.reload}
        />
      </>
    );
  }
  if (datasets.data !== undefined && dataset === undefined) {
    return (
      <>
        <PageHeader overline={overline} title={id} />
        <Alert severity="warning">There is no dataset with this id in the workspace.</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader overline={overline} title={dataset?.name ?? <Skeleton width={240} />} />
      {dataset === undefined ? (
        <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
      ) : (
        <DatasetSummaryPanel dataset={dataset} />
      )}
      <TrajectoryTable scope={{ dataset_id: id }} storageKey={`dataset:${id}`} />
    </>
  );
}
