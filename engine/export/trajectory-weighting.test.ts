// How DRIFT weights turn into lines and manifest statements: duplication only for targets
// without a weight field, pairs written once, unknown weights written once, and the tally.
import { describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../shared/api-export';
import type { SelectedTrajectory } from './selection';
import type { ExportTargetModule } from './targets/export-target';
import { linesForRecord, planTrajectoryWeighting, weightingManifest } from './trajectory-weighting';

const selected: SelectedTrajectory[] = [
  ['a', 1],
  ['b', 0],
  ['c', 0],
  ['d', null],
].map(([id, reward]) => ({
  trajectory_id: String(id),
  dataset_id: 'd',
  task_id: 't',
  group_id: null,
  group_success: null,
  reward: reward as number | null,
  success: null,
  tools: null,
}));

const plain = { name: 'trl-sft' } as ExportTargetModule;
const weighted = { name: 'tokens', weightField: 'record' } as ExportTargetModule;
const drift = WeightingSchema.parse({ trajectory: 'drift', duplicate_by_weight: true });

describe('trajectory weighting', () => {
  it('duplicates one-trajectory records by round(weight) and tallies what it did', () => {
    // Rewards 1, 0, 0 at beta 0.2: exp(0) = 1 and exp(-5) = 0.006738 twice, mean 0.337825;
    // weights 2.96011, 0.019945, 0.019945; d has no reward.
    const state = planTrajectoryWeighting(selected, drift, plain);
    expect([...state.weights.values()]).toEqual([2.96011, 0.019945, 0.019945, null]);
    const lines = [['a'], ['b'], ['c'], ['d'], ['a', 'b']].map((ids) =>
      linesForRecord({ trajectory_ids: ids }, state),
    );
    expect(lines).toEqual([3, 0, 0, 1, 1]);
    expect(state.tally).toEqual({
      records_built: 5,
      records_duplicated: 1,
      copies_added: 2,
      records_dropped: 2,
      records_unweighted: 2,
    });
    expect(weightingManifest(drift, plain, state)).toMatchObject({
      trajectory_weights: 'duplicated',
      weights: { trajectories_weighted: 3, trajectories_without_weight: 1, min: 0.019945 },
      duplication: state.tally,
    });
  });

  it('writes every record once for a target with a weight field, and says the weights are in it', () => {
    const state = planTrajectoryWeighting(selected, drift, weighted);
    expect(linesForRecord({ trajectory_ids: ['a'] }, state)).toBe(1);
    expect(linesForRecord({ trajectory_ids: ['b'] }, state)).toBe(1);
    const manifest = weightingManifest(drift, weighted, state);
    expect(manifest).toMatchObject({
      trajectory_weight_field: 'record',
      trajectory_weights: 'in_records',
    });
    expect(manifest).not.toHaveProperty('duplication');
  });

  it('does nothing without DRIFT, even when duplication is asked for', () => {
    const weighting = WeightingSchema.parse({ duplicate_by_weight: true });
    const state = planTrajectoryWeighting(selected, weighting, plain);
    expect(state.weights.size).toBe(0);
    expect(linesForRecord({ trajectory_ids: ['b'] }, state)).toBe(1);
    expect(weightingManifest(weighting, plain, state)).toMatchObject({
      trajectory: 'none',
      trajectory_rule: null,
      trajectory_weights: 'none',
      turn_weights: 'not_carried',
    });
  });
});
