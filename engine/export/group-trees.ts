// The turn trees of some groups (docs/credit.md, turn trees), each built from every rollout of its
// group in the workspace (as the turn-tree view shows it), not only from selected ones. Groups
// are read a round at a time: one query for the round's members and one read of their turns,
// rather than one of each per group.
import * as z from 'zod';
import { buildTurnTree, type TurnTreeNode } from '../../shared/turn-tree';
import { MAX_TREE_ROLLOUTS, treeRollouts } from '../credit/turn-tree-query';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

export interface GroupKey {
  dataset_id: string;
  group_id: string;
}

/** A member of a group, with its outcome (null when unknown). */
const MemberRow = z.object({
  dataset_id: z.string(),
  group_id: z.string(),
  trajectory_id: z.string(),
  success: z.boolean().nullable(),
});

/** Groups whose trees are built per round, so memory holds a bounded number of them. */
const GROUPS_PER_ROUND = 32;

/**
 * Calls `visit` for each group, in the order given, with its tree, or null when the group is too
 * large for one (MAX_TREE_ROLLOUTS); `members` are its trajectory ids in sample order.
 */
export async function visitGroupTrees(
  workspace: Workspace,
  groups: readonly GroupKey[],
  visit: (group: GroupKey, nodes: TurnTreeNode[] | null, members: string[]) => void,
): Promise<void> {
  for (let start = 0; start < groups.length; start += GROUPS_PER_ROUND) {
    const round = groups.slice(start, start + GROUPS_PER_ROUND);
    const inRound = sql.join(
      round.map((g) => sql`(dataset_id = ${g.dataset_id} AND group_id = ${g.group_id})`),
      ' OR ',
    );
    const rows = await workspace.queryAs(
      MemberRow,
      sql`SELECT dataset_id, group_id, trajectory_id, success FROM tw_trajectories
       WHERE ${inRound}
       ORDER BY dataset_id, group_id, sample_index NULLS LAST, trajectory_id`,
    );
    const members = round.map((group) =>
      rows
        .filter((row) => row.dataset_id === group.dataset_id && row.group_id === group.group_id)
        .map((row) => ({ trajectory_id: row.trajectory_id, success: row.success })),
    );
    const fits = members.map((list) => list.length <= MAX_TREE_ROLLOUTS);
    const rollouts = await treeRollouts(workspace, members.filter((_, i) => fits[i]).flat());
    const byId = new Map(rollouts.map((rollout) => [rollout.rollout_id, rollout]));
    round.forEach((group, i) => {
      const list = members[i] ?? [];
      const tree = fits[i]
        ? buildTurnTree(list.flatMap((m) => byId.get(m.trajectory_id) ?? []))
        : null;
      visit(
        group,
        tree,
        list.map((m) => m.trajectory_id),
      );
    });
  }
}
