// An honest empty state: what is missing and how it gets here.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { title: string; children?: ReactNode; icon?: ReactNode };

export function EmptyState({ title, children, icon }: Props) {
  return (
    <Box
      data-testid="empty-state"
      sx={{ py: 6, px: 3, textAlign: 'center', color: 'text.secondary', maxWidth: 640, mx: 'auto' }}
    >
      {icon !== undefined && <Box sx={{ mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children !== undefined && (
        <Typography variant="body2" component="div">
          {children}
        </Typography>
      )}
    </Box>
  );
}
