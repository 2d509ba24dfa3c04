// Per-trajectory weighting of one export (docs/credit.md, DRIFT; docs/export.md): the weights of the selected
// trajectories, whether records are duplicated by them, and a tally of what duplication did while
// the lines were produced, so the manifest can state exactly how the weights were used.
import type { Weighting } from '../../shared/api-export';
import { copiesOf, driftRule, trajectoryDriftWeights } from './drift-weights';
import type { SelectedTrajectory } from './selection';
import type { ExportTargetModule, RecordUnit } from './targets/export-target';
import { weightRule } from './weight-transform';

/** The skip reason of a record whose weight rounds to 0 when duplicating by weight. */
export const ZERO_WEIGHT_SKIP = 'trajectory weight rounds to 0 (duplicate_by_weight)';

export interface DuplicationTally {
  /** Records built (before duplication or dropping). */
  records_built: number;
  /** Records written more than once, and the extra lines that added. */
  records_duplicated: number;
  copies_added: number;
  /** Records not written because their weight rounds to 0. */
  records_dropped: number;
  /** Records written once because their weight is unknown or they hold several trajectories. */
  records_unweighted: number;
}

export interface TrajectoryWeighting {
  /** DRIFT weight per selected trajectory (null when unknown); empty unless trajectory is 'drift'. */
  weights: Map<string, number | null>;
  /** Whether records are written round(weight) times. */
  duplicate: boolean;
  tally: DuplicationTally;
}

export function planTrajectoryWeighting(
  selected: readonly SelectedTrajectory[],
  weighting: Weighting,
  target: ExportTargetModule,
): TrajectoryWeighting {
  const drift = weighting.trajectory === 'drift';
  return {
    weights: drift ? trajectoryDriftWeights(selected, weighting.drift_beta) : new Map(),
    // A target that writes the weight into its records needs no duplication.
    duplicate: drift && weighting.duplicate_by_weight && (target.weightField ?? 'none') === 'none',
    tally: {
      records_built: 0,
      records_duplicated: 0,
      copies_added: 0,
      records_dropped: 0,
      records_unweighted: 0,
    },
  };
}

/**
 * How many lines one built record becomes (and counts it): 1 unless duplicating; then
 * round(weight) of its one trajectory. A record of several trajectories (a preference pair) has no
 * single trajectory weight and is written once.
 */
export function linesForRecord(unit: RecordUnit, state: TrajectoryWeighting): number {
  const { tally } = state;
  tally.records_built += 1;
  if (!state.duplicate) return 1;
  const [only, ...rest] = unit.trajectory_ids;
  // A step record stands for one turn at a branch point, not for its representative trajectory.
  const single = only !== undefined && rest.length === 0 && unit.step === undefined;
  const weight = single ? (state.weights.get(only) ?? null) : null;
  if (weight === null) {
    tally.records_unweighted += 1;
    return 1;
  }
  const copies = copiesOf(weight);
  if (copies === 0) tally.records_dropped += 1;
  if (copies > 1) {
    tally.records_duplicated += 1;
    tally.copies_added += copies - 1;
  }
  return copies;
}

function summary(weights: Map<string, number | null>) {
  let known = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  // A loop, not Math.min(...): a large export can exceed the engine's argument limit.
  for (const w of weights.values()) {
    if (w === null) continue;
    known += 1;
    sum += w;
    min = Math.min(min, w);
    max = Math.max(max, w);
  }
  return {
    trajectories_weighted: known,
    trajectories_without_weight: weights.size - known,
    min: known === 0 ? null : min,
    max: known === 0 ? null : max,
    mean: known === 0 ? null : Math.round((sum / known) * 1e6) / 1e6,
  };
}

/** The manifest's `weighting` section: the rules, the source, and how the weights were used. */
export function weightingManifest(
  weighting: Weighting,
  target: ExportTargetModule,
  state: TrajectoryWeighting,
): Record<string, unknown> {
  const drift = weighting.trajectory === 'drift';
  const field = target.weightField ?? 'none';
  const used = !drift
    ? 'none'
    : field === 'record'
      ? 'in_records'
      : field === 'task_prompts'
        ? 'not_applicable'
        : weighting.duplicate_by_weight
          ? 'duplicated'
          : 'recorded_only';
  return {
    source: weighting.source,
    turn_weights: target.needsCredit === true ? 'applied' : 'not_carried',
    turn_rule: weightRule(weighting),
    transform: {
      transform: weighting.transform,
      scale: weighting.scale,
      min: weighting.min,
      max: weighting.max,
      train_threshold: weighting.train_threshold,
    },
    trajectory: weighting.trajectory,
    trajectory_rule: drift ? driftRule(weighting.drift_beta) : null,
    drift_beta: drift ? weighting.drift_beta : null,
    trajectory_weight_field: field,
    trajectory_weights: used,
    duplicate_by_weight: weighting.duplicate_by_weight,
    duplication_rule:
      used === 'duplicated'
        ? 'each one-trajectory record is written round(weight) times (halves up; 0 drops it); records with an unknown weight, of several trajectories, or of one step are written once'
        : null,
    ...(drift ? { weights: summary(state.weights) } : {}),
    ...(used === 'duplicated' ? { duplication: { ...state.tally } } : {}),
  };
}
