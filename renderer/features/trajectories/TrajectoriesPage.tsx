// `#/trajectories`: every trajectory in the workspace.
import { PageHeader } from '../../components/PageHeader';
import { TrajectoryTable } from './TrajectoryTable';

export function TrajectoriesPage() {
  return (
    <>
      <PageHeader
        title="Trajectories"
        subtitle="All rollouts in this workspace, across datasets."
      />
      <TrajectoryTable scope={{}} storageKey="all" />
    </>
  );
}
