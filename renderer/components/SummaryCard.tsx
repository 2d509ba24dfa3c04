// One headline number of a summary (judge evaluation, run comparison): what it is, the value,
// and a line saying how to read it.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type SummaryCardProps = {
  label: ReactNode;
  value: ReactNode;
  detail: ReactNode;
  testId: string;
  /** The size of the value: h4 where there are few cards, h5 where there are many. */
  size?: 'h4' | 'h5';
};

export function SummaryCard({ label, value, detail, testId, size = 'h4' }: SummaryCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }} noWrap>
        {label}
      </Typography>
      <Typography variant={size} component="div">
        {value}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Paper>
  );
}
