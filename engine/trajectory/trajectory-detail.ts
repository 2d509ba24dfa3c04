// A trajectory as its page reads it: the trajectory, its turns (long contents as previews) and
// the rest of a turn's text page by page.
import * as z from 'zod';
import type { ApiOutput, ApiRequest } from '../../shared/api';
import {
  ToolCallSchema,
  TrajectoryDetailSchema,
  TurnErrorSchema,
  TurnSchema,
} from '../../shared/model';
import { turnRelationsFor } from '../import/attach/turn-relations';
import { segmentationInForce } from '../segmentation/dataset-segmentation';
import { notFound } from '../store/require';
import { jsonTextColumn } from '../store/row-schemas';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

/** Turn content longer than this travels as a preview; the rest is paged with getTurnText. */
export const TURN_PREVIEW_CHARS = 2000;

const TRAJECTORY_COLUMNS = sql.raw(`trajectory_id, dataset_id, task_id, group_id, sample_index,
  model, reward, success, n_turns, n_actions`);
const PREVIEW = sql.raw(String(TURN_PREVIEW_CHARS));

/** A turn as the page reads it: its tool calls and error are JSON columns read as text. */
const TurnRow = TurnSchema.extend({
  tool_calls: jsonTextColumn(z.array(ToolCallSchema)),
  error: jsonTextColumn(TurnErrorSchema).nullable(),
});

/** A slice of a turn's text, and the length of all of it. */
const TextSliceRow = z.object({ text: z.string(), total_length: z.number() });

export async function getTrajectory(
  workspace: Workspace,
  trajectoryId: string,
  range?: { from: number; to: number },
): Promise<ApiOutput<'getTrajectory'>> {
  const [trajectory] = await workspace.queryAs(
    TrajectoryDetailSchema,
    sql`SELECT ${TRAJECTORY_COLUMNS}, source_ref, metadata::VARCHAR AS metadata
        FROM tw_trajectories WHERE trajectory_id = ${trajectoryId}`,
  );
  if (!trajectory) throw notFound.trajectory(trajectoryId);
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const turns = await workspace.queryAs(
    TurnRow,
    sql`SELECT u.turn_index, u.role, left(u.content, ${PREVIEW}) AS content,
            length(u.content) AS content_length,
            length(u.content) > ${PREVIEW} AS content_truncated,
            u.reasoning, u.tool_calls::VARCHAR AS tool_calls, u.tool_call_id, u.is_action,
            u.n_tokens, l.trajectory_id IS NOT NULL AS has_logprobs,
            coalesce(u.metadata::VARCHAR NOT IN ('{}', 'null'), false) AS has_details,
            u.error::VARCHAR AS error
     FROM ${sql.raw(relations.turns)} u
     LEFT JOIN ${sql.raw(relations.logprobs)} l USING (trajectory_id, turn_index)
     WHERE u.trajectory_id = ${trajectoryId}
       AND u.turn_index BETWEEN ${range?.from ?? 0}::INTEGER AND ${range?.to ?? 2_147_483_647}::INTEGER
     ORDER BY u.turn_index`,
  );
  const { segmentation } = await segmentationInForce(workspace, trajectory.dataset_id);
  return { segmentation, trajectory, turns };
}

export async function getTurnText(
  workspace: Workspace,
  request: ApiRequest<'getTurnText'>,
): Promise<ApiOutput<'getTurnText'>> {
  const relations = await turnRelationsFor(workspace, request.trajectory_id);
  const [row] = await workspace.queryAs(
    TextSliceRow,
    sql`SELECT substring(content, ${request.offset + 1}::BIGINT, ${request.length}::BIGINT) AS text,
               length(content) AS total_length
        FROM ${sql.raw(relations.turns)} AS u
        WHERE trajectory_id = ${request.trajectory_id} AND turn_index = ${request.turn_index}`,
  );
  if (!row) throw notFound.turn(request.trajectory_id, request.turn_index);
  return { text: row.text, offset: request.offset, total_length: row.total_length };
}
