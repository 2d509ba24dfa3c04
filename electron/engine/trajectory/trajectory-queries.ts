// The trajectory view's reads: one turn's token log-probs and the turns matching a search. Turns
// come from the trajectory's own relation (tw_turns, or the row of an attached file).
import type { ApiOutput } from '../../../shared/api';
import { TRAJECTORY_SEARCH_CAP } from '../../../shared/api-trajectory';
import { turnRelationsFor } from '../attach/turn-relations';
import { containsPattern } from '../store/like-pattern';
import { requireTrajectory } from '../store/require';
import type { Workspace } from '../store/workspace';

/** A stored log-prob: a number, or null where it is missing (NaN and infinities included). */
function logprobList(value: unknown): (number | null)[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null));
}

export async function turnLogprobs(
  workspace: Workspace,
  trajectoryId: string,
  turnIndex: number,
): Promise<ApiOutput<'getTurnLogprobs'>> {
  await requireTrajectory(workspace, trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const [row] = await workspace.query(
    `SELECT token_ids, logp_policy, logp_ref FROM ${relations.logprobs} AS l
     WHERE trajectory_id = $1 AND turn_index = $2 LIMIT 1`,
    [trajectoryId, turnIndex],
  );
  if (!row) return { token_ids: [], logp_policy: [], logp_ref: [] };
  const ids = Array.isArray(row.token_ids) ? row.token_ids.map((id) => Number(id)) : [];
  return {
    token_ids: ids,
    logp_policy: logprobList(row.logp_policy),
    logp_ref: logprobList(row.logp_ref),
  };
}

export async function searchTurns(
  workspace: Workspace,
  trajectoryId: string,
  query: string,
): Promise<ApiOutput<'searchTrajectory'>> {
  await requireTrajectory(workspace, trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  // Tool calls are searched by name and by their arguments' text, not by the JSON around them.
  const like = (expr: string) => `${expr} ILIKE $2 ESCAPE '\\'`;
  const calls = (field: string) =>
    `coalesce(array_to_string(json_extract_string(u.tool_calls::VARCHAR, '$[*].${field}'), chr(10)), '')`;
  const rows = await workspace.query(
    `SELECT turn_index FROM ${relations.turns} AS u
     WHERE trajectory_id = $1 AND (${like('u.content')} OR ${like("coalesce(u.reasoning, '')")}
       OR ${like(calls('name'))} OR ${like(calls('arguments'))})
     ORDER BY turn_index LIMIT ${TRAJECTORY_SEARCH_CAP + 1}`,
    [trajectoryId, containsPattern(query)],
  );
  const indexes = rows.map((row) => Number(row.turn_index));
  return {
    turn_indexes: indexes.slice(0, TRAJECTORY_SEARCH_CAP),
    truncated: indexes.length > TRAJECTORY_SEARCH_CAP,
  };
}
