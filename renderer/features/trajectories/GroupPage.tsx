// `#/group/<id>`: the rollouts sampled for one prompt (a GRPO group), side by side.
import { PageHeader } from '../../components/PageHeader';
import { TrajectoryTable } from './TrajectoryTable';

export function GroupPage({ id }: { id: string }) {
  return (
    <>
      <PageHeader
        overline="Group"
        title={id}
        subtitle="Rollouts of the same prompt; compare rewards and outcomes within the group."
      />
      <TrajectoryTable scope={{ group_id: id }} storageKey={`group:${id}`} />
    </>
  );
}
