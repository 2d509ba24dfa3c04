// Finds groups whose rollouts start from different prompts. The prompt is what a GRPO group
// shares: every turn before the first assistant turn (system, task statement, first user
// message), compared by hash; a trajectory without an assistant turn counts all its turns.
import * as z from 'zod';
import { MixedGroupSchema, type GroupCheck } from '../../shared/api-groups';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

const EXAMPLES = 20;

/** A group with the dataset's counts beside it (window columns, the same on every row). */
const GroupRow = MixedGroupSchema.extend({ groups: z.number(), mixed: z.number() });

export async function checkGroups(workspace: Workspace, datasetId: string): Promise<GroupCheck> {
  await requireDataset(workspace, datasetId);
  // Mixed groups sort first, so the first EXAMPLES rows hold every example to list, and the window
  // counts are taken over all groups before the limit.
  const rows = await workspace.queryAs(
    GroupRow,
    sql`WITH t AS (
          SELECT trajectory_id, group_id FROM tw_trajectories
          WHERE dataset_id = ${datasetId} AND group_id IS NOT NULL),
        first_reply AS (
          SELECT u.trajectory_id, min(u.turn_index) FILTER (WHERE u.role = 'assistant') AS at
          FROM turns u JOIN t USING (trajectory_id) GROUP BY u.trajectory_id),
        prompt AS (
          SELECT u.trajectory_id,
                 md5(string_agg(u.role || ':' || u.content, chr(0) ORDER BY u.turn_index)) AS hash
          FROM turns u JOIN first_reply f USING (trajectory_id)
          WHERE f.at IS NULL OR u.turn_index < f.at GROUP BY u.trajectory_id),
        per_group AS (
          SELECT t.group_id, count(*) AS trajectories, count(DISTINCT p.hash) AS prompts
          FROM t LEFT JOIN prompt p USING (trajectory_id) GROUP BY t.group_id)
        SELECT group_id, trajectories, prompts, count(*) OVER () AS groups,
               count(*) FILTER (WHERE prompts > 1) OVER () AS mixed
        FROM per_group
        ORDER BY prompts > 1 DESC, trajectories DESC, group_id
        LIMIT ${EXAMPLES}`,
  );
  const first = rows[0];
  return {
    groups: first?.groups ?? 0,
    mixed_prompt_groups: first?.mixed ?? 0,
    examples: rows
      .filter((row) => row.prompts > 1)
      .map(({ group_id, trajectories, prompts }) => ({ group_id, trajectories, prompts })),
  };
}
