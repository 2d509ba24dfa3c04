// `#/trajectory/<id>[?turn=N]`: the header and the transcript, scrolled to turn N when given.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { CreditPanel } from '../credit/CreditPanel';
import { CompareButton } from '../diff/CompareButton';
import { LabelingPanel } from '../labels/LabelingPanel';
import { AddToReviewButton } from '../review/AddToReviewButton';
import { TrajectoryHeader } from './TrajectoryHeader';
import { Transcript } from './Transcript';
import type { ScrollRequest } from '../../transcript/TurnList';
import { useSegmentMarkers } from './useSegmentMarkers';

export function TrajectoryPage({ id, turn }: { id: string; turn?: number | undefined }) {
  const detail = useApi('getTrajectory', { trajectory_id: id });
  // Where the transcript should scroll: the deep link's turn, then the labeling panel's segment.
  const [goTo, setGoTo] = useState<ScrollRequest | null>(
    turn === undefined ? null : { turn, seq: 0 },
  );
  // A new ?turn= on the same trajectory (the page stays mounted): go there too.
  const [linkedTurn, setLinkedTurn] = useState(turn);
  if (turn !== linkedTurn) {
    setLinkedTurn(turn);
    if (turn !== undefined) setGoTo((g) => ({ turn, seq: (g?.seq ?? 0) + 1 }));
  }
  const segmentation = detail.data?.segmentation;
  const markers = useSegmentMarkers(id, segmentation);
  // The panel names the segment's last turn; the segment is shown from its first.
  const revealTurn = (turnEnd: number) => {
    const segment = [...markers.values()].find(
      (s) => s.turn_start <= turnEnd && turnEnd <= s.turn_end,
    );
    setGoTo((g) => ({ turn: segment?.turn_start ?? turnEnd, seq: (g?.seq ?? 0) + 1 }));
  };
  // Plain text, not a link: the nav already leads back, and a second link named like a nav entry
  // would make "the Trajectories link" ambiguous for keyboard and screen-reader users (and tests).
  const overline = 'Trajectory';
  return (
    <>
      <PageHeader
        overline={overline}
        title={id}
        actions={
          <>
            {segmentation !== undefined && (
              <AddToReviewButton trajectoryId={id} turn={turn} segmentation={segmentation} />
            )}
            <CompareButton trajectory={detail.data?.trajectory} />
          </>
        }
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
            <Transcript trajectoryId={id} turns={detail.data.turns} goTo={goTo} markers={markers} />
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
              <LabelingPanel
                key={id}
                trajectoryId={id}
                segmentation={detail.data.segmentation}
                onRevealTurn={revealTurn}
              />
              <CreditPanel
                key={`credit-${id}`}
                trajectoryId={id}
                datasetId={detail.data.trajectory.dataset_id}
                segmentation={detail.data.segmentation}
              />
            </Box>
          </Box>
        </>
      )}
    </>
  );
}
