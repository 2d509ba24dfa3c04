// Compact label/value pairs for summaries (dataset header, trajectory header).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MONO_FONT } from '../theme/theme';

export type Stat = { label: string; value: ReactNode; mono?: boolean; wide?: boolean };

export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        gap: 1.5,
        m: 0,
      }}
    >
      {stats.map((stat) => (
        <Box
          key={stat.label}
          sx={{ minWidth: 0, gridColumn: stat.wide === true ? 'span 3' : undefined }}
        >
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {stat.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              fontFamily: stat.mono === true ? MONO_FONT : undefined,
              overflowWrap: 'anywhere',
            }}
          >
            {stat.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
