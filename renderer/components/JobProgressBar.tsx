// A running job's bar (determinate once the job knows its total) and a line saying how far it is.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { JobState } from '../../shared/api';

type Props = { job: JobState; testId: string; children: ReactNode };

export function JobProgressBar({ job, testId, children }: Props) {
  const { done, total } = job.progress;
  const value = total ? Math.min(100, (100 * done) / total) : undefined;
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
