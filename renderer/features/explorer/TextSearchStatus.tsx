// Where the explorer's "text in any turn" search stands: a bar with the turns read and the
// matches so far while it runs (Cancel keeps them), a note when it was stopped before the end
// (with a button to search every turn), and the number of turns read once it is complete.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { JobProgressBar } from '../../components/JobProgressBar';
import type { TextSearch } from './useTextSearch';

export function TextSearchStatus({ text, search }: { text: string; search: TextSearch }) {
  const { state, job, error } = search;
  if (error !== undefined) return <ErrorAlert error={error} title="The text search failed" />;
  if (job?.status === 'running') {
    const { done, total, message } = job.progress;
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>
          <JobProgressBar job={job} testId="text-search-progress">
            {message === 'queued'
              ? `Searching the turns for “${text}” once the job before it ends…`
              : `Searching the turns for “${text}”: ${formatCount(done)} of ` +
                `${formatCount(total)} read · ${message}`}
          </JobProgressBar>
        </Box>
        <Button size="small" onClick={search.cancel} data-testid="text-search-cancel">
          Cancel
        </Button>
      </Box>
    );
  }
  if (state === undefined || state.status === 'none') {
    return (
      <JobProgressBar
        job={null}
        testId="text-search-progress"
      >{`Searching the turns for “${text}”…`}</JobProgressBar>
    );
  }
  if (state.status !== 'complete') {
    return (
      <Alert
        severity="info"
        data-testid="text-search-partial"
        action={
          <Button color="inherit" size="small" onClick={search.restart}>
            Search all turns
          </Button>
        }
      >
        The search stopped after {formatCount(state.turns_scanned)} of{' '}
        {formatCount(state.turns_total)} turns: the list shows the {formatCount(state.trajectories)}{' '}
        trajectories found in the turns read.
      </Alert>
    );
  }
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="text-search-done">
      {formatCount(state.trajectories)} trajectories have a turn containing “{text}” (
      {formatCount(state.turns_total)} turns searched).
    </Typography>
  );
}
