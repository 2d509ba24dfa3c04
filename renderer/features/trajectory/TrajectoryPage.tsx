// `#/trajectory/<id>`: the header and every turn in order.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { TrajectoryHeader } from './TrajectoryHeader';
import { TurnList } from './TurnList';

export function TrajectoryPage({ id }: { id: string }) {
  const detail = useApi('getTrajectory', { trajectory_id: id });
  // Plain text, not a link: the nav already leads back, and a second link named like a nav entry
  // would make "the Trajectories link" ambiguous for keyboard and screen-reader users (and tests).
  const overline = 'Trajectory';
  return (
    <>
      <PageHeader overline={overline} title={id} />
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
          <TurnList trajectoryId={id} turns={detail.data.turns} />
        </>
      )}
    </>
  );
}
