// `#/dataset/<id>`: a dataset's summary and its trajectories.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { useInvalidateAll } from '../../api/useInvalidate';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CreditAgreementPanel } from '../credit/CreditAgreementPanel';
import { JudgeLauncher } from '../judge/JudgeLauncher';
import { HeuristicLabelsLauncher } from '../labels/HeuristicLabelsLauncher';
import { RunCard } from '../runs/RunCard';
import { ScoreLauncher } from '../scoring/ScoreLauncher';
import { TrajectoryTable } from '../explorer/TrajectoryTable';
import { DatasetSummaryPanel } from './DatasetSummaryPanel';
import { MixedGroupsAlert } from './MixedGroupsAlert';
import { OutcomeRuleCard } from './OutcomeRuleCard';
import { SegmentationCard } from './SegmentationCard';
import { RedactionsPanel } from './RedactionsPanel';
import { RegroupDialog } from './RegroupDialog';

export function DatasetPage({ id }: { id: string }) {
  // There is no single-dataset method; the list is small and already cached by the server.
  const datasets = useApi('listDatasets', {});
  const dataset = datasets.data?.datasets.find((d) => d.dataset_id === id);
  const overline = 'Dataset'; // plain text: see TrajectoryPage
  const [regrouping, setRegrouping] = useState(false);
  // A regroup rewrites group ids (tables, charts, credit): every cached read may be stale.
  const invalidateAll = useInvalidateAll();

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
      <PageHeader
        overline={overline}
        title={dataset?.name ?? <Skeleton width={240} />}
        actions={
          <>
            <Button
              variant="outlined"
              onClick={() => setRegrouping(true)}
              data-testid="regroup-open"
            >
              Regroup
            </Button>
            <HeuristicLabelsLauncher datasetId={id} />
            <JudgeLauncher datasetId={id} />
            <ScoreLauncher datasetId={id} />
          </>
        }
      />
      <RegroupDialog
        datasetId={id}
        open={regrouping}
        onClose={() => setRegrouping(false)}
        onApplied={() => {
          setRegrouping(false);
          void invalidateAll();
        }}
      />
      {dataset === undefined ? (
        <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
      ) : (
        <DatasetSummaryPanel dataset={dataset} />
      )}
      <MixedGroupsAlert datasetId={id} onRegroup={() => setRegrouping(true)} />
      <RunCard datasetId={id} />
      <OutcomeRuleCard datasetId={id} />
      <SegmentationCard datasetId={id} />
      <RedactionsPanel datasetId={id} />
      <CreditAgreementPanel datasetId={id} />
      <TrajectoryTable scope={{ dataset_id: id }} storageKey={`dataset:${id}`} />
    </>
  );
}
