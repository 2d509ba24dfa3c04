// `#/group/<id>`: the rollouts sampled for one prompt (a GRPO group), side by side.
import Alert from '@mui/material/Alert';
import { useApi } from '../../api/useApi';
import { PageHeader } from '../../components/PageHeader';
import { GroupTurnTree } from '../credit/GroupTurnTree';
import { TrajectoryTable } from '../explorer/TrajectoryTable';

export function GroupPage({ id }: { id: string }) {
  // A group id names a group within its dataset: take the dataset from one of its rollouts.
  const first = useApi('listTrajectories', { group_id: id, limit: 1 });
  const datasetId = first.data?.rows[0]?.dataset_id;
  const header = (
    <PageHeader
      overline="Group"
      title={id}
      subtitle="Rollouts of the same prompt; compare rewards and outcomes within the group."
    />
  );
  // A stale link or a regrouped dataset: say so rather than show an empty table.
  if (first.data !== undefined && first.data.rows.length === 0) {
    return (
      <>
        {header}
        <Alert severity="warning" data-testid="no-such-group">
          There is no group with this id in the workspace. Its dataset may have been regrouped or
          removed.
        </Alert>
      </>
    );
  }
  return (
    <>
      {header}
      {datasetId !== undefined && (
        <GroupTurnTree key={`${datasetId}:${id}`} datasetId={datasetId} groupId={id} />
      )}
      <TrajectoryTable scope={{ group_id: id }} storageKey={`group:${id}`} />
    </>
  );
}
