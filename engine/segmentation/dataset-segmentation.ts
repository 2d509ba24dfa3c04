// The segmentation each dataset uses by default (docs/credit.md, segmentations): the stored
// choice, else `turn` for dialogues (tau-bench, or any dataset without a single action, where
// `action` would leave nothing to label) and `action` for agent rollouts.
import * as z from 'zod';
import type { DatasetSegmentation } from '../../shared/api-segmentation';
import { DEFAULT_SEGMENTATION, parseSegmentation } from '../../shared/segments';
import { notFound } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

/** Formats whose records are customer-service dialogues: most replies are plain messages. */
const DIALOGUE_FORMATS = new Set(['tau-bench']);

const ChoiceRow = z.object({
  format: z.string(),
  stored: z.string().nullable(),
  trajectories: z.coerce.number(),
  actions: z.coerce.number(),
});

interface SegmentationChoice {
  segmentation: string;
  is_default: boolean;
  default_segmentation: string;
  default_reason: string;
}

/** The stored choice and the default; reads only dataset and trajectory rows (cheap). */
export async function segmentationInForce(
  workspace: Workspace,
  datasetId: string,
): Promise<SegmentationChoice> {
  const [facts] = await workspace.queryAs(
    ChoiceRow,
    sql`
    SELECT d.format, d.segmentation AS stored,
           (SELECT count(*) FROM tw_trajectories t WHERE t.dataset_id = d.dataset_id)
             AS trajectories,
           (SELECT coalesce(sum(n_actions), 0) FROM tw_trajectories t
            WHERE t.dataset_id = d.dataset_id) AS actions
    FROM tw_datasets d WHERE d.dataset_id = ${datasetId}`,
  );
  if (facts === undefined) throw notFound.dataset(datasetId);
  const fallback = DIALOGUE_FORMATS.has(facts.format)
    ? { name: 'turn', reason: `${facts.format} records are dialogues` }
    : facts.actions === 0 && facts.trajectories > 0
      ? { name: 'turn', reason: 'no turn of this dataset is an action' }
      : { name: DEFAULT_SEGMENTATION, reason: 'the dataset has actions (tool calls)' };
  // A stored name the code no longer knows (a downgrade) falls back rather than failing pages.
  const stored =
    facts.stored !== null && parseSegmentation(facts.stored) !== null ? facts.stored : null;
  return {
    segmentation: stored ?? fallback.name,
    is_default: stored === null,
    default_segmentation: fallback.name,
    default_reason: fallback.reason,
  };
}

const CoverageRow = z.object({
  assistant_turns: z.coerce.number(),
  assistant_actions: z.coerce.number(),
});

/** The choice with how many assistant messages are actions (a scan of the dataset's turns). */
export async function datasetSegmentation(
  workspace: Workspace,
  datasetId: string,
): Promise<DatasetSegmentation> {
  const choice = await segmentationInForce(workspace, datasetId);
  const [coverage] = await workspace.queryAs(
    CoverageRow,
    sql`
    SELECT count(*) AS assistant_turns, count(*) FILTER (WHERE u.is_action) AS assistant_actions
    FROM tw_all_turns u JOIN tw_trajectories t USING (trajectory_id)
    WHERE t.dataset_id = ${datasetId} AND u.role = 'assistant'`,
  );
  return {
    ...choice,
    assistant_turns: coverage?.assistant_turns ?? 0,
    assistant_actions: coverage?.assistant_actions ?? 0,
  };
}

/** The segmentation in force for a trajectory's dataset. */
export async function trajectorySegmentation(
  workspace: Workspace,
  trajectoryId: string,
): Promise<string> {
  const [row] = await workspace.queryAs(
    z.object({ dataset_id: z.string() }),
    sql`SELECT dataset_id FROM tw_trajectories WHERE trajectory_id = ${trajectoryId}`,
  );
  if (row === undefined) throw notFound.trajectory(trajectoryId);
  return (await segmentationInForce(workspace, row.dataset_id)).segmentation;
}

export async function setDatasetSegmentation(
  workspace: Workspace,
  datasetId: string,
  segmentation: string | null,
): Promise<DatasetSegmentation> {
  await segmentationInForce(workspace, datasetId);
  await workspace.run(
    sql`UPDATE tw_datasets SET segmentation = ${segmentation} WHERE dataset_id = ${datasetId}`,
  );
  return datasetSegmentation(workspace, datasetId);
}
