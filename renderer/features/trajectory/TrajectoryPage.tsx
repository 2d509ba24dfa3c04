// `#/trajectory/<id>`: the header and every turn in order.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CreditPanel } from '../credit/CreditPanel';
import { CompareButton } from '../diff/CompareButton';
import { LabelingPanel } from '../labeling/LabelingPanel';
import { TrajectoryHeader } from './TrajectoryHeader';
import { TurnList } from './TurnList';

export function TrajectoryPage({ id }: { id: string }) {
  const detail = useApi('getTrajectory', { trajectory_id: id });
  // The turn the labeling panel has moved to; the turn list renders it even past its batches.
  const [revealTurn, setRevealTurn] = useState<number | null>(null);
  // Plain text, not a link: the nav already leads back, and a second link named like a nav entry
  // would make "the Trajectories link" ambiguous for keyboard and screen-reader users (and tests).
  const overline = 'Trajectory';
  return (
    <>
      <PageHeader
        overline={overline}
        title={id}
        actions={<CompareButton trajectory={detail.data?.trajectory} />}
      />
      {detail.error !== undefined ? (
        detail.error.code === 'not_found' ? (
          <Alert severity="warning">{detail.error.message}</Alert>
        ) : (
          <ErrorAlert
            error={detail.error}
            title="Could not load the trajectory"
            onRetry={detail.reload}
          />
        )
      ) : detail.data === undefined ? (
        <>
          <Skeleton variant="rounded" height={140} sx={{ mb: 2 }} />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={90} sx={{ mb: 1 }} />
          ))}
        </>
      ) : (
        <>
          <TrajectoryHeader trajectory={detail.data.trajectory} turns={detail.data.turns} />
          {/* Turns on the left; side panels (step labels) on the right on wide screens. */}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' },
              gap: 2,
              alignItems: 'start',
            }}
          >
            <TurnList trajectoryId={id} turns={detail.data.turns} revealTurn={revealTurn} />
            {/* The side panels stay in view while the turns scroll (below the 48px app bar) and
                scroll on their own when taller than the window. */}
            <Box
              sx={{
                position: { lg: 'sticky' },
                top: 64,
                maxHeight: { lg: 'calc(100vh - 80px)' },
                overflowY: { lg: 'auto' },
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr)',
                gridAutoRows: 'max-content',
                minWidth: 0,
                gap: 2,
              }}
            >
              <LabelingPanel key={id} trajectoryId={id} onRevealTurn={setRevealTurn} />
              <CreditPanel
                key={`credit-${id}`}
                trajectoryId={id}
                datasetId={detail.data.trajectory.dataset_id}
              />
            </Box>
          </Box>
        </>
      )}
    </>
  );
}
