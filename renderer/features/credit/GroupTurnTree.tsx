// The group page's turn tree, with its credit: the graph and the branch-point table from one
// getTurnTree call.
import { useApi } from '../../api/useApi';
import { TurnTreePanel } from './TurnTreePanel';
import { TurnTreeGraph } from '../../components/turn-tree/TurnTreeGraph';

/** The group's turn tree, loaded once for the graph and the branch-point table. */
export function GroupTurnTree({ datasetId, groupId }: { datasetId: string; groupId: string }) {
  const tree = useApi('getTurnTree', { dataset_id: datasetId, group_id: groupId });
  return (
    <>
      <TurnTreeGraph tree={tree} />
      <TurnTreePanel tree={tree} />
    </>
  );
}
