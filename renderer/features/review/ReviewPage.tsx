// `#/review`: counterexample candidates flagged by labeling and review rules.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { ReviewTable } from './ReviewTable';

type StatusFilter = 'all' | 'pending' | 'approved' | 'rejected';

export function ReviewPage() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const items = useApi('listReviewItems', status === 'all' ? {} : { status }, {
    keepPrevious: true,
  });
  const list = items.data?.items;

  return (
    <>
      <PageHeader
        title="Review"
        subtitle="Counterexample candidates: steps whose label or credit a rule found suspicious, waiting for a human decision."
        actions={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            aria-label="Status"
            onChange={(_, value: StatusFilter | null) => {
              if (value !== null) setStatus(value);
            }}
          >
            {(['all', 'pending', 'approved', 'rejected'] as const).map((value) => (
              <ToggleButton
                key={value}
                value={value}
                sx={{ px: 1.5, py: 0.25, textTransform: 'none' }}
              >
                {value}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {items.error !== undefined ? (
        <ErrorAlert
          error={items.error}
          title="Could not list review items"
          onRetry={items.reload}
        />
      ) : list === undefined ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.length === 0 ? (
        <Paper>
          <EmptyState
            icon={<FactCheckOutlined />}
            title={status === 'all' ? 'Nothing to review yet' : `No ${status} items`}
          >
            <Box component="p" sx={{ m: 0 }}>
              Counterexample candidates appear here when labeling and review rules flag them: a
              regression inside a successful trajectory, decisive progress inside a failed one,
              disagreement between heuristic, judge and human labels, or a low-confidence judge
              label. This workspace has no flagged steps
              {status === 'all' ? '' : ` with status ${status}`}.
            </Box>
          </EmptyState>
        </Paper>
      ) : (
        <ReviewTable items={list} />
      )}
    </>
  );
}
