// The dataset page's "Run heuristic labels" button: starts the rule set over the dataset and
// shows its progress, then its counts per role (or why it failed), in a status bar.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import type { JobState } from '../../../shared/api';
import type { HeuristicLabelSummary } from '../../../shared/api-labels';
import type { ApiError } from '../../../shared/result';
import { jobResult } from '../../../shared/job-result';
import { useJob } from '../../api/useJob';
import { formatCount } from '../../components/format';
import { ROLE_INFOS } from '../../components/role-labels';

function describeSummary(summary: HeuristicLabelSummary): string {
  const roles = ROLE_INFOS.map((info) => `${info.name} ${formatCount(summary.counts[info.role])}`);
  const replaced =
    summary.replaced > 0 ? ` (replacing ${formatCount(summary.replaced)} earlier)` : '';
  return (
    `Labeled ${formatCount(summary.labeled)} segments of ${formatCount(summary.trajectories)} ` +
    `trajectories as ${summary.source}${replaced}: ${roles.join(' · ')}.`
  );
}

/** What the status bar says once the job has ended (or could not start). */
function outcome(job: JobState | null, error: ApiError | null): [AlertColor, string] {
  if (error !== null) return ['error', `Could not start heuristic labeling: ${error.message}`];
  if (job?.status === 'succeeded') return ['success', describeSummary(jobResult(job, 'label'))];
  if (job?.status === 'cancelled')
    return ['warning', 'Heuristic labeling cancelled; earlier labels are unchanged.'];
  return ['error', `Heuristic labeling failed: ${job?.error?.message ?? 'unknown error'}`];
}

export function HeuristicLabelsLauncher({ datasetId }: { datasetId: string }) {
  const { job, error, start, cancel, reset } = useJob('startHeuristicLabels');
  const running = job?.status === 'running';
  const [severity, text] = running ? ['info' as const, ''] : outcome(job, error);
  const progress = job?.progress;
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => void start({ dataset_id: datasetId })}
        disabled={running}
        data-testid="heuristic-labels-start"
        title="Label every segment of this dataset with the versioned heuristic rule set"
      >
        Run heuristic labels
      </Button>
      <Snackbar
        open={job !== null || error !== null}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          data-testid="heuristic-labels-status"
          severity={severity}
          onClose={running ? undefined : reset}
          action={
            running ? (
              <Button color="inherit" size="small" onClick={cancel}>
                Cancel
              </Button>
            ) : undefined
          }
          sx={{ minWidth: 360, maxWidth: 560 }}
        >
          {running && progress !== undefined ? (
            <>
              {progress.message}: {formatCount(progress.done)}
              {progress.total !== null ? ` of ${formatCount(progress.total)}` : ''} trajectories
              <LinearProgress
                aria-label="Heuristic labeling progress"
                variant={progress.total ? 'determinate' : 'indeterminate'}
                value={progress.total ? Math.min(100, (100 * progress.done) / progress.total) : 0}
                sx={{ mt: 1 }}
              />
            </>
          ) : (
            text
          )}
        </Alert>
      </Snackbar>
    </>
  );
}
