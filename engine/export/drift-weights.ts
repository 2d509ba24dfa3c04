// DRIFT per-trajectory export weights (docs/credit.md; arXiv 2605.31455) over the selected trajectories:
// grouped by group (its task when it has none), each group's rewards go through the reference
// formula in shared/credit.ts, and a target without a weight field may write a record
// round(weight) times instead.
import { driftWeights } from '../../shared/credit';
import type { SelectedTrajectory } from './selection';

/** The group a trajectory's weight is computed in: its group, else its task, within its dataset. */
export function driftGroupKey(trajectory: SelectedTrajectory): string {
  const { dataset_id: dataset, group_id: group, task_id: task } = trajectory;
  if (group !== null) return JSON.stringify([dataset, 'group', group]);
  if (task !== null) return JSON.stringify([dataset, 'task', task]);
  // Neither: the trajectory is a group of its own (weight 1).
  return JSON.stringify([dataset, 'trajectory', trajectory.trajectory_id]);
}

/** R_i: the reward, else success as 1 or 0, else unknown (no weight). */
export function driftReward(trajectory: SelectedTrajectory): number | null {
  if (trajectory.reward !== null && !Number.isNaN(trajectory.reward)) return trajectory.reward;
  if (trajectory.success !== null) return trajectory.success ? 1 : 0;
  return null;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Each selected trajectory's DRIFT weight (rounded to 6 decimals, so files do not depend on
 * floating-point noise), or null when its reward is unknown. Deterministic: groups and their
 * members keep the order of `selected`, and the formula sums left to right.
 */
export function trajectoryDriftWeights(
  selected: readonly SelectedTrajectory[],
  beta: number,
): Map<string, number | null> {
  const groups = new Map<string, SelectedTrajectory[]>();
  for (const trajectory of selected) {
    const key = driftGroupKey(trajectory);
    const members = groups.get(key) ?? [];
    members.push(trajectory);
    groups.set(key, members);
  }
  const weights = new Map<string, number | null>();
  for (const members of groups.values()) {
    const group = driftWeights(members.map(driftReward), beta);
    members.forEach((member, i) => {
      const weight = group[i] ?? null;
      weights.set(member.trajectory_id, weight === null ? null : round6(weight));
    });
  }
  return weights;
}

/**
 * How many times a record of this weight is written when duplicating by weight: round(weight)
 * (halves round up), so 0 drops it; an unknown weight writes it once.
 */
export function copiesOf(weight: number | null): number {
  if (weight === null) return 1;
  return Math.max(0, Math.round(weight));
}

/** The rule in words, for manifests. */
export function driftRule(beta: number): string {
  return `w_i = exp(R_i/${beta} - m) / (mean_j exp(R_j/${beta} - m) + 1e-12), m = max_j R_j/${beta}, over the selected trajectories of each group (group_id, else task_id, within a dataset); R_i = reward, else success as 1/0; unknown R_i: no weight; rounded to 6 decimals`;
}
