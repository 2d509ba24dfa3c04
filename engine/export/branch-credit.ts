// Turn-tree credit for export weighting (docs/credit.md, turn trees): an assistant turn's credit is the
// branch advantage V(child) - V(parent) of the node it lands on in its group's turn tree. Trees are
// built once per group a batch touches, from all the group's rollouts in the workspace (as the
// turn-tree view shows them), not from the selected ones only.
import * as z from 'zod';
import { idBatch } from '../store/id-batch';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { visitGroupTrees } from './group-trees';

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
  const groups = await workspace.queryAs(
    z.object({ dataset_id: z.string(), group_id: z.string() }),
    sql`SELECT DISTINCT dataset_id, group_id FROM tw_trajectories
        WHERE group_id IS NOT NULL AND ${idBatch('trajectory_id', trajectoryIds)}
        ORDER BY dataset_id, group_id`,
  );
  const wanted = new Set(trajectoryIds);
  await visitGroupTrees(workspace, groups, (_group, nodes) => {
    for (const node of nodes ?? []) {
      if (node.parent === null) continue;
      for (const id of node.rollout_ids) {
        if (!wanted.has(id)) continue;
        // Every turn of a rollout is a node on its path (depth k + 1 is its k-th turn), so
        // padding to each node's depth gives one entry per turn.
        const turns = credit.get(id) ?? [];
        while (turns.length < node.depth) turns.push(null);
        if (node.turn?.role === 'assistant') turns[node.depth - 1] = node.branch_advantage;
        credit.set(id, turns);
      }
    }
  });
  return credit;
}
