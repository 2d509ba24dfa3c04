// Step-level preference pairs (IPR-style, arXiv 2406.11176; DESIGN s4): in a group's turn tree, a
// branch point is a node whose children are different assistant turns taken from the same prefix.
// The child with the highest Monte-Carlo value (success rate of the rollouts through it) is paired
// with every sibling whose value is lower by at least `min_gap`. Values come from the whole group,
// while the representative rollouts of a pair must be selected trajectories.
import type { Pairing } from '../../../shared/api-export';
import { buildTurnTree, type TurnTreeNode } from '../../../shared/turn-tree';
import { MAX_TREE_ROLLOUTS, treeRollouts } from '../credit/turn-tree-query';
import type { Row, Workspace } from '../store/workspace';
import type { SelectedTrajectory } from './selection';
import type { RecordUnit } from './targets/export-target';

interface GroupKey {
  dataset_id: string;
  group_id: string;
}

export interface StepPair {
  /** The representatives: the chosen (higher-value) rollout first. */
  trajectory_ids: [string, string];
  /** The turn at which they differ; turns before it are identical (the tree's prefix). */
  turn_index: number;
  values: [number, number];
}

/** The first selected rollout through a node (rollouts are in sample order), if any. */
function representative(node: TurnTreeNode, selected: Set<string>): string | undefined {
  return node.rollout_ids.find((id) => selected.has(id));
}

/** Every step pair of one tree, ordered by branch node id then sibling order. */
export function branchPairs(
  nodes: readonly TurnTreeNode[],
  selected: Set<string>,
  minGap: number,
): StepPair[] {
  const pairs: StepPair[] = [];
  for (const node of nodes) {
    const children = node.children
      .map((id) => nodes[id])
      .filter(
        (child): child is TurnTreeNode =>
          child !== undefined && child.turn?.role === 'assistant' && child.value !== null,
      );
    if (children.length < 2) continue;
    // Highest value first; among equals the earlier node (the earlier-sampled rollout).
    const ranked = [...children].sort((a, b) => (b.value ?? 0) - (a.value ?? 0) || a.id - b.id);
    const best = ranked[0] as TurnTreeNode;
    const chosen = representative(best, selected);
    if (chosen === undefined) continue;
    for (const other of ranked.slice(1)) {
      const gap = (best.value ?? 0) - (other.value ?? 0);
      // A tolerance, so a gap of exactly min_gap computed as 0.75 - 0.25 is not lost to rounding.
      if (gap < minGap - 1e-9) continue;
      const rejected = representative(other, selected);
      if (rejected === undefined) continue;
      pairs.push({
        trajectory_ids: [chosen, rejected],
        // The child's depth d is the rollout's turn d - 1.
        turn_index: best.depth - 1,
        values: [best.value ?? 0, other.value ?? 0],
      });
    }
  }
  return pairs;
}

function sameGroup(member: Row, group: GroupKey): boolean {
  return member.dataset_id === group.dataset_id && member.group_id === group.group_id;
}

/** Groups whose trees are built per round, so memory holds a bounded number of them. */
const GROUPS_PER_ROUND = 32;

/**
 * The step pairs of the selected trajectories' groups. Trajectories without a group, and groups
 * too large for a tree, yield none; each such trajectory is reported once in `skipped`.
 */
export async function stepPairUnits(
  workspace: Workspace,
  selected: SelectedTrajectory[],
  pairing: Pairing,
): Promise<{ units: RecordUnit[]; skipped: string[] }> {
  const chosenIds = new Set(selected.map((t) => t.trajectory_id));
  const skipped: string[] = [];
  const groups = new Map<string, GroupKey>();
  for (const t of selected) {
    if (t.group_id === null) skipped.push('no group id: no turn tree for step pairs');
    else {
      const group = { dataset_id: t.dataset_id, group_id: t.group_id };
      groups.set(JSON.stringify([group.dataset_id, group.group_id]), group);
    }
  }
  const ordered = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, g]) => g);
  const units: RecordUnit[] = [];
  for (let start = 0; start < ordered.length; start += GROUPS_PER_ROUND) {
    const round = ordered.slice(start, start + GROUPS_PER_ROUND);
    const members = await workspace.query(
      `SELECT dataset_id, group_id, trajectory_id, success FROM tw_trajectories
       WHERE ${round.map((_, i) => `(dataset_id = $${2 * i + 1} AND group_id = $${2 * i + 2})`).join(' OR ')}
       ORDER BY dataset_id, group_id, sample_index NULLS LAST, trajectory_id`,
      round.flatMap((g) => [g.dataset_id, g.group_id]),
    );
    // One read of every rollout of the round's groups (they can be built into trees by group).
    const fits = round.filter((group) => {
      const size = members.filter((m) => sameGroup(m, group)).length;
      if (size <= MAX_TREE_ROLLOUTS) return true;
      for (const m of members) {
        if (sameGroup(m, group) && chosenIds.has(String(m.trajectory_id))) {
          skipped.push('group too large for a turn tree');
        }
      }
      return false;
    });
    const rollouts = await treeRollouts(
      workspace,
      members
        .filter((m) => fits.some((group) => sameGroup(m, group)))
        .map((m) => ({
          trajectory_id: String(m.trajectory_id),
          success: typeof m.success === 'boolean' ? m.success : null,
        })),
    );
    const byId = new Map(rollouts.map((r) => [r.rollout_id, r]));
    for (const group of fits) {
      const tree = members
        .filter((m) => sameGroup(m, group))
        .flatMap((m) => byId.get(String(m.trajectory_id)) ?? []);
      for (const pair of branchPairs(buildTurnTree(tree), chosenIds, pairing.min_gap)) {
        units.push({
          trajectory_ids: [...pair.trajectory_ids],
          step: { turn_index: pair.turn_index, values: [...pair.values] },
        });
      }
    }
  }
  return { units, skipped };
}
