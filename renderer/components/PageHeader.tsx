// Title row of a page: optional overline (breadcrumb-ish context), title, subtitle and actions.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { overline?: ReactNode; title: ReactNode; subtitle?: ReactNode; actions?: ReactNode };

export function PageHeader({ overline, title, subtitle, actions }: Props) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {overline !== undefined && (
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
          {title}
        </Typography>
        {subtitle !== undefined && (
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions !== undefined && (
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>{actions}</Box>
      )}
    </Box>
  );
}
