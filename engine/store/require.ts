// The engine's "no such thing" answers, in one wording each, and the lookups that raise them.
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import type { Workspace } from './workspace';

/** not_found errors for the workspace's own entities, for code that has read the row already. */
export const notFound = {
  dataset: (datasetId: string) =>
    new TurnwiseError('not_found', `no dataset with id '${datasetId}'`),
  trajectory: (trajectoryId: string) =>
    new TurnwiseError('not_found', `no trajectory with id '${trajectoryId}'`),
  turn: (trajectoryId: string, turnIndex: number) =>
    new TurnwiseError('not_found', `no turn ${turnIndex} in trajectory '${trajectoryId}'`),
  segment: (trajectoryId: string, segmentIndex: number, segmentation: string) =>
    new TurnwiseError(
      'not_found',
      `trajectory '${trajectoryId}' has no segment ${segmentIndex} under segmentation ` +
        `'${segmentation}'`,
    ),
  reviewItem: (itemId: string) => new TurnwiseError('not_found', `no review item '${itemId}'`),
};

/** Refuses a dataset id the workspace does not hold. */
export async function requireDataset(workspace: Workspace, datasetId: string): Promise<void> {
  const rows = await workspace.queryAs(
    z.object({ dataset_id: z.string() }),
    'SELECT dataset_id FROM tw_datasets WHERE dataset_id = $1',
    [datasetId],
  );
  if (rows.length === 0) throw notFound.dataset(datasetId);
}

/** Refuses a trajectory id the workspace does not hold (imported or attached). */
export async function requireTrajectory(workspace: Workspace, trajectoryId: string): Promise<void> {
  const rows = await workspace.queryAs(
    z.object({ trajectory_id: z.string() }),
    'SELECT trajectory_id FROM tw_trajectories WHERE trajectory_id = $1',
    [trajectoryId],
  );
  if (rows.length === 0) throw notFound.trajectory(trajectoryId);
}
