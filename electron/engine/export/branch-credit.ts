// Turn-tree credit for export weighting (DESIGN s4, TRACE-style): an assistant turn's credit is the
// branch advantage V(child) - V(parent) of the node it lands on in its group's turn tree. Trees are
// built once per group a batch touches, from all the group's rollouts in the workspace (as the
// turn-tree view shows them), not from the selected ones only.
import { buildTurnTree } from '../../../shared/turn-tree';
import { MAX_TREE_ROLLOUTS, treeRollouts } from '../credit/turn-tree-query';
import type { Workspace } from '../store/workspace';

interface Member {
  trajectory_id: string;
  success: boolean | null;
}

/**
 * For each requested trajectory in a group, one entry per turn: the branch advantage of its
 * node for assistant turns, null for other turns and where the value is unknown. Trajectories
 * without a group, or in a group larger than MAX_TREE_ROLLOUTS, are left out (no credit).
 */
export async function loadBranchCredit(
  workspace: Workspace,
  trajectoryIds: string[],
): Promise<Map<string, (number | null)[]>> {
  const credit = new Map<string, (number | null)[]>();
  if (trajectoryIds.length === 0) return credit;
  const rows = await workspace.query(
    `SELECT t.dataset_id, t.group_id, t.trajectory_id, t.success FROM tw_trajectories t
     WHERE t.group_id IS NOT NULL AND EXISTS (
       SELECT 1 FROM tw_trajectories s
       WHERE s.trajectory_id IN (${trajectoryIds.map((_, i) => `$${i + 1}`).join(', ')})
         AND s.dataset_id = t.dataset_id AND s.group_id = t.group_id)
     ORDER BY t.dataset_id, t.group_id, t.sample_index NULLS LAST, t.trajectory_id`,
    trajectoryIds,
  );
  const groups = new Map<string, Member[]>();
  for (const row of rows) {
    const key = JSON.stringify([String(row.dataset_id), String(row.group_id)]);
    const members = groups.get(key) ?? [];
    members.push({
      trajectory_id: String(row.trajectory_id),
      success: typeof row.success === 'boolean' ? row.success : null,
    });
    groups.set(key, members);
  }
  const wanted = new Set(trajectoryIds);
  for (const members of groups.values()) {
    if (members.length > MAX_TREE_ROLLOUTS) continue;
    const rollouts = await treeRollouts(workspace, members);
    for (const rollout of rollouts) {
      if (wanted.has(rollout.rollout_id)) {
        credit.set(
          rollout.rollout_id,
          rollout.turns.map(() => null),
        );
      }
    }
    for (const node of buildTurnTree(rollouts)) {
      if (node.turn?.role !== 'assistant') continue;
      for (const id of node.rollout_ids) {
        const turns = credit.get(id);
        // depth k + 1 is the rollout's k-th turn.
        if (turns !== undefined) turns[node.depth - 1] = node.branch_advantage;
      }
    }
  }
  return credit;
}
