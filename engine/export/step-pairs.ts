// Step-level preference pairs (IPR-style, arXiv 2406.11176; docs/credit.md): in a group's turn tree, a
// branch point is a node whose children are different assistant turns taken from the same prefix.
// The child with the highest Monte-Carlo value (success rate of the rollouts through it) is paired
// with every sibling whose value is lower by at least `min_gap`. Values come from the whole group,
// while the representative rollouts of a pair must be selected trajectories.
import type { TurnTreeNode } from '../../shared/turn-tree';
import { visitGroupTrees, type GroupKey } from './group-trees';
import type { SelectedTrajectory } from './selection';
import type { ExportContext, RecordPlan, RecordUnit } from './targets/export-target';

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

/**
 * The step pairs of the selected trajectories' groups, with the selection's pairing options.
 * Trajectories without a group, and groups too large for a tree, yield none; each such trajectory
 * is reported once in `skipped`. In a preview (context.preview_groups) only that many groups,
 * evenly spread over the sorted list, are read; `scale` is then how many groups each stands for,
 * and tree-level skips are counted scaled up.
 */
export async function stepPairUnits(
  selected: SelectedTrajectory[],
  context: ExportContext,
): Promise<{ units: RecordUnit[]; skipped: string[]; scale: number }> {
  const pairing = context.selection.pairs;
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
  const visited = spread(ordered, context.preview_groups);
  const scale = visited.length === 0 ? 1 : ordered.length / visited.length;
  const units: RecordUnit[] = [];
  let tooLarge = 0;
  await visitGroupTrees(context.workspace, visited, (_group, nodes, members) => {
    if (nodes === null) {
      tooLarge += members.filter((id) => chosenIds.has(id)).length;
      return;
    }
    for (const pair of branchPairs(nodes, chosenIds, pairing.min_gap)) {
      units.push({
        trajectory_ids: [...pair.trajectory_ids],
        step: { turn_index: pair.turn_index, values: [...pair.values] },
      });
    }
  });
  for (let i = 0; i < Math.round(tooLarge * scale); i += 1) {
    skipped.push('group too large for a turn tree');
  }
  return { units, skipped, scale };
}

/**
 * Marks a plan whose step units came from a sample of the groups: the units added since `before`
 * stand for `scale` times as many.
 */
export function scaleSampledUnits(plan: RecordPlan, before: number, scale: number): void {
  if (scale !== 1) {
    plan.estimated_units = before + Math.round((plan.units.length - before) * scale);
  }
}

/** At most `limit` items, evenly spaced from the first; all of them without a limit. */
function spread<T>(items: T[], limit: number | undefined): T[] {
  if (limit === undefined || items.length <= limit) return items;
  return Array.from(
    { length: limit },
    (_, i) => items[Math.floor((i * items.length) / limit)] as T,
  );
}
