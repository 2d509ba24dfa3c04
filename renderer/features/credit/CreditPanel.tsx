// The credit panel of a trajectory: change lambda, beta and the aggregations and see at once the
// effect on this trajectory's segments and on its dataset's distributions (previewCredit computes
// without keeping anything); "Store" computes and keeps the credit of the whole dataset.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CreditParamsSchema, type CreditParams } from '../../../shared/credit';
import { useApi } from '../../api/useApi';
import { useJob } from '../../api/useJob';
import { ErrorAlert } from '../../components/ErrorAlert';
import { DASH } from '../../components/format';
import { CreditControls } from './CreditControls';
import { CreditHistogram } from './CreditHistogram';
import { SegmentCreditTable } from './SegmentCreditTable';
import { useDebouncedValue } from './useDebouncedValue';
import { turnName } from '../../components/step-names';

type Props = { trajectoryId: string; datasetId: string; segmentation: string };

function fixed(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined ? DASH : value.toFixed(digits);
}

export function CreditPanel({ trajectoryId, datasetId, segmentation }: Props) {
  const [params, setParams] = useState<CreditParams>(() => CreditParamsSchema.parse({}));
  const settled = useDebouncedValue(params, 250);
  const preview = useApi(
    'previewCredit',
    { dataset_id: datasetId, trajectory_id: trajectoryId, segmentation, params: settled },
    { keepPrevious: true },
  );
  const store = useJob('startCredit');
  const storeError = store.error ?? store.job?.error ?? null;
  const stats = preview.data?.stats;
  const score = preview.data?.trajectory?.score ?? null;
  return (
    <Paper sx={{ p: 2 }} data-testid="credit-panel">
      <Typography variant="subtitle2" gutterBottom>
        Step credit
      </Typography>
      <CreditControls params={params} onChange={setParams} />
      {preview.loading && <LinearProgress sx={{ mt: 1 }} aria-label="computing credit" />}
      {preview.error !== undefined && <ErrorAlert error={preview.error} title="Credit failed" />}
      {preview.data?.trajectory && (
        <>
          <SegmentCreditTable segments={preview.data.trajectory.segments} />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="credit-score">
            Progress score {fixed(score?.progress_score)} · predicted failure at{' '}
            {score?.failure_step === null || score === null ? DASH : turnName(score.failure_step)}
            {score?.best_in_group ? ' · best in group' : ''}
            {score?.group_flag ? ` · group ${score.group_flag.replace('_', ' ')}` : ''}
          </Typography>
        </>
      )}
      {stats && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary" data-testid="credit-quality">
            Dataset: AUROC of the score vs success {fixed(stats.auroc)}, Spearman vs reward{' '}
            {fixed(stats.spearman)}, failure step accuracy {fixed(stats.failure.accuracy, 2)} (
            {stats.failure.evaluated} checked), {stats.sign_flips} sign flips
          </Typography>
          <CreditHistogram title="Segment credit (total)" histogram={stats.histograms.total} />
          <CreditHistogram title="Progress score" histogram={stats.histograms.progress_score} />
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={store.job?.status === 'running'}
          onClick={() => void store.start({ dataset_id: datasetId, segmentation, params })}
        >
          Store for the dataset
        </Button>
        {store.job?.status === 'succeeded' && (
          <Alert severity="success" sx={{ py: 0 }}>
            Stored
          </Alert>
        )}
      </Stack>
      {/* A store that could not start or did not finish says why; nothing was stored. */}
      {storeError !== null && <ErrorAlert error={storeError} title="Credit was not stored" />}
    </Paper>
  );
}
