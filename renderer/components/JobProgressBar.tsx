// A running job's bar (determinate once the job knows its total) and a line saying how far it is;
// before the job's first snapshot (no job yet) the bar is indeterminate.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { JobState } from '../../shared/api';

type Props = { job: JobState | null; testId: string; children: ReactNode };

export function JobProgressBar({ job, testId, children }: Props) {
  const total = job?.progress.total;
  const value = job && total ? Math.min(100, (100 * job.progress.done) / total) : undefined;
  return (
    <Box data-testid={testId}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
      />
      <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {children}
      </Typography>
    </Box>
  );
}
