// `#/trajectories`: every trajectory in the workspace, or only the ids a SQL result handed over
// (`#/trajectories?ids=...`, see the SQL console's "Open as trajectory filter").
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatCount } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { hrefFor } from '../../routing/routes';
import { TrajectoryTable } from './TrajectoryTable';

export function TrajectoriesPage({ ids }: { ids?: string[] }) {
  const filtered = ids !== undefined && ids.length > 0;
  return (
    <>
      <PageHeader
        title="Trajectories"
        subtitle="All rollouts in this workspace, across datasets."
      />
      {filtered && (
        <Alert
          severity="info"
          data-testid="trajectory-id-filter"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" href={hrefFor({ name: 'trajectories' })}>
              Show all
            </Button>
          }
        >
          Showing only the {formatCount(ids.length)} trajectory id{ids.length === 1 ? '' : 's'} from
          a SQL result.
        </Alert>
      )}
      <TrajectoryTable
        scope={filtered ? { trajectory_ids: ids } : {}}
        storageKey={filtered ? 'id-filter' : 'all'}
      />
    </>
  );
}
