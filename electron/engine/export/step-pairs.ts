// Step-level preference pairs (IPR-style, arXiv 2406.11176; DESIGN s4): in a group's turn tree, a
// branch point is a node whose children are different assistant turns taken from the same prefix.
// The child with the highest Monte-Carlo value (success rate of the rollouts through it) is paired
// with every sibling whose value is lower by at least `min_gap`. Values come from the whole group,
// while the representative rollouts of a pair must be selected trajectories.
import type { Pairing } from '../../../shared/api-export';
import { buildTurnTree, type TurnTreeNode } from '../../../shared/turn-tree';
import { MAX_TREE_ROLLOUTS, treeRollouts } from '../credit/turn-tree-query';
import type { Workspace } from '../store/workspace';
import type { SelectedTrajectory } from './selection';
import type { RecordUnit } from './targets/export-target';

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
  const groups = new Map<string, { dataset_id: string; group_id: string }>();
  for (const t of selected) {
    if (t.group_id === null) skipped.push('no group id: no turn tree for step pairs');
    else
      groups.set(
        JSON.stringify([t.dataset_id, t.group_id]),
        t as { dataset_id: string; group_id: string },
      );
  }
  const keys = [...groups.keys()].sort();
  const units: RecordUnit[] = [];
  for (let start = 0; start < keys.length; start += GROUPS_PER_ROUND) {
    const round = keys.slice(start, start + GROUPS_PER_ROUND).map((key) => groups.get(key));
    const members = await workspace.query(
      `SELECT dataset_id, group_id, trajectory_id, success FROM tw_trajectories
       WHERE ${round.map((_, i) => `(dataset_id = $${2 * i + 1} AND group_id = $${2 * i + 2})`).join(' OR ')}
       ORDER BY dataset_id, group_id, sample_index NULLS LAST, trajectory_id`,
      round.flatMap((g) => [g?.dataset_id ?? '', g?.group_id ?? '']),
    );
    for (const group of round) {
      if (group === undefined) continue;
      const rollouts = members
        .filter((m) => m.dataset_id === group.dataset_id && m.group_id === group.group_id)
        .map((m) => ({
          trajectory_id: String(m.trajectory_id),
          success: typeof m.success === 'boolean' ? m.success : null,
        }));
      if (rollouts.length > MAX_TREE_ROLLOUTS) {
        for (const r of rollouts) {
          if (chosenIds.has(r.trajectory_id)) skipped.push('group too large for a turn tree');
        }
        continue;
      }
      const nodes = buildTurnTree(await treeRollouts(workspace, rollouts));
      for (const pair of branchPairs(nodes, chosenIds, pairing.min_gap)) {
        units.push({
          trajectory_ids: [...pair.trajectory_ids],
          step: { turn_index: pair.turn_index, values: [...pair.values] },
        });
      }
    }
  }
  return { units, skipped };
}
