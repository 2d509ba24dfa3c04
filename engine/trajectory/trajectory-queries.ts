// The trajectory view's reads: one turn's token log-probs and details, and the turns matching a
// search. Turns come from the trajectory's own relation (tw_turns, or the row of an attached file).
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { TRAJECTORY_SEARCH_CAP } from '../../shared/api-trajectory';
import { turnRelationsFor } from '../import/attach/turn-relations';
import { FiniteOrNull } from '../store/finite-number';
import { containsPattern } from '../store/like-pattern';
import { notFound, requireTrajectory } from '../store/require';
import { jsonTextColumn } from '../store/row-schemas';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { tokenText } from './token-text';
import { normalizeTurnDetails } from './turn-details';

/** A turn's token ids and log-probs; a log-prob is null where it is missing (NaN included). */
const LogprobsRow = z.object({
  token_ids: z.array(z.number()).nullable(),
  logp_policy: z.array(FiniteOrNull).nullable(),
  logp_ref: z.array(FiniteOrNull).nullable(),
});

export async function turnLogprobs(
  workspace: Workspace,
  trajectoryId: string,
  turnIndex: number,
): Promise<ApiOutput<'getTurnLogprobs'>> {
  const [trajectory] = await workspace.queryAs(
    z.object({ dataset_id: z.string() }),
    sql`SELECT dataset_id FROM tw_trajectories WHERE trajectory_id = ${trajectoryId}`,
  );
  if (!trajectory) throw notFound.trajectory(trajectoryId);
  const datasetId = trajectory.dataset_id;
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const [row] = await workspace.queryAs(
    LogprobsRow,
    sql`SELECT token_ids, logp_policy, logp_ref FROM ${sql.raw(relations.logprobs)} AS l
        WHERE trajectory_id = ${trajectoryId} AND turn_index = ${turnIndex} LIMIT 1`,
  );
  const ids = row?.token_ids ?? [];
  return {
    token_ids: ids,
    logp_policy: row?.logp_policy ?? [],
    logp_ref: row?.logp_ref ?? [],
    dataset_id: datasetId,
    ...(await tokenText(workspace, datasetId, ids)),
  };
}

export async function turnDetails(
  workspace: Workspace,
  trajectoryId: string,
  turnIndex: number,
): Promise<ApiOutput<'getTurnDetails'>> {
  await requireTrajectory(workspace, trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const [row] = await workspace.queryAs(
    z.object({ metadata: jsonTextColumn(z.unknown()).nullable() }),
    sql`SELECT metadata::VARCHAR AS metadata FROM ${sql.raw(relations.turns)} AS u
        WHERE trajectory_id = ${trajectoryId} AND turn_index = ${turnIndex}`,
  );
  if (!row) throw notFound.turn(trajectoryId, turnIndex);
  return normalizeTurnDetails(row.metadata);
}

export async function searchTurns(
  workspace: Workspace,
  trajectoryId: string,
  query: string,
): Promise<ApiOutput<'searchTrajectory'>> {
  await requireTrajectory(workspace, trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  // Tool calls are searched by name and by their arguments' text, not by the JSON around them.
  const pattern = containsPattern(query);
  const like = (expr: string) => sql`${sql.raw(expr)} ILIKE ${pattern} ESCAPE '\\'`;
  const calls = (field: string) =>
    `coalesce(array_to_string(json_extract_string(u.tool_calls::VARCHAR, '$[*].${field}'), chr(10)), '')`;
  const rows = await workspace.queryAs(
    z.object({ turn_index: z.number() }),
    sql`SELECT turn_index FROM ${sql.raw(relations.turns)} AS u
        WHERE trajectory_id = ${trajectoryId}
          AND (${like('u.content')} OR ${like("coalesce(u.reasoning, '')")}
               OR ${like(calls('name'))} OR ${like(calls('arguments'))})
        ORDER BY turn_index LIMIT ${sql.raw(String(TRAJECTORY_SEARCH_CAP + 1))}`,
  );
  const indexes = rows.map((row) => row.turn_index);
  return {
    turn_indexes: indexes.slice(0, TRAJECTORY_SEARCH_CAP),
    truncated: indexes.length > TRAJECTORY_SEARCH_CAP,
  };
}
