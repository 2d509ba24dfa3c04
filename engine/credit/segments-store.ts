// Fills tw_segments for a scope of trajectories under one segmentation, computed by the reference
// segmenter (shared/segments.ts) over turns streamed from DuckDB in trajectory order, so memory
// stays bounded whatever the dataset's size. Labels, the judge and credit all read these rows.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import {
  parseSegmentation,
  segmentTurns,
  type Segment,
  type SegmentTurn,
} from '../../shared/segments';
import { sql, type SqlFragment } from '../store/sql-template';
import { streamRowsAs } from '../store/streamed-rows';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';
import { workspaceQueue } from '../store/workspace-queue';
import { toolCallsOf } from '../store/row-schemas';

export interface TrajectoryScope {
  dataset_id?: string | undefined;
  trajectory_ids?: string[] | undefined;
}

/** SQL filter over a trajectory id column (trusted text, a column name) for a scope. */
export function scopeFilter(scope: TrajectoryScope, column = 'trajectory_id'): SqlFragment {
  const name = sql.raw(column);
  if (scope.trajectory_ids !== undefined) {
    // A JSON list keeps the statement's parameter count fixed however many ids there are.
    const ids = JSON.stringify(scope.trajectory_ids);
    return sql`${name} IN (SELECT unnest(from_json(${ids}, '["VARCHAR"]')))`;
  }
  if (scope.dataset_id !== undefined) {
    return sql`${name} IN (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = ${scope.dataset_id})`;
  }
  return sql`true`;
}

interface TurnRow {
  trajectory_id: string;
  turn: SegmentTurn;
}

/**
 * Content is compared only for actions without tool calls (merge_identical); a hash of its
 * whitespace-normalised text stands in for it (the same character class as shared/segments).
 */
const turnsSql = (filter: SqlFragment, segmentation: string) => sql`
  SELECT trajectory_id, turn_index, role, is_action, tool_calls::VARCHAR AS tool_calls,
         CASE WHEN is_action THEN md5(trim(regexp_replace(content, '[\\t\\n\\v\\f\\r ]+', ' ', 'g')))
              ELSE '' END AS content_key
  FROM tw_all_turns
  WHERE ${filter} AND trajectory_id NOT IN (
    SELECT trajectory_id FROM tw_segments WHERE segmentation = ${segmentation})
  ORDER BY trajectory_id, turn_index`;

const TurnsSqlRow = z.object({
  trajectory_id: z.string(),
  turn_index: z.number(),
  role: z.string(),
  is_action: z.boolean().nullable(),
  tool_calls: z.string().nullable(),
  content_key: z.string(),
});

async function* streamTurns(
  connection: DuckDBConnection,
  scope: TrajectoryScope,
  segmentation: string,
): AsyncGenerator<TurnRow> {
  const turns = turnsSql(scopeFilter(scope), segmentation);
  for await (const row of streamRowsAs(TurnsSqlRow, connection, turns)) {
    yield {
      trajectory_id: row.trajectory_id,
      turn: {
        turn_index: row.turn_index,
        role: row.role,
        is_action: row.is_action === true,
        tool_calls: toolCallsOf(row.tool_calls),
        content: row.content_key,
      },
    };
  }
}

const segmenting = workspaceQueue();

/**
 * Computes and stores the segments of every trajectory in scope that has none yet under this
 * segmentation; returns how many segments were written. Runs one at a time per workspace: two
 * concurrent callers (the labeling panel and the credit panel open together) would otherwise
 * both see a trajectory without segments and both write them.
 */
export function ensureSegments(
  workspace: Workspace,
  scope: TrajectoryScope,
  segmentation: string,
  signal?: AbortSignal,
): Promise<number> {
  return segmenting(workspace, () => writeMissingSegments(workspace, scope, segmentation, signal));
}

async function writeMissingSegments(
  workspace: Workspace,
  scope: TrajectoryScope,
  segmentation: string,
  signal?: AbortSignal,
): Promise<number> {
  if (parseSegmentation(segmentation) === null) {
    throw new TurnwiseError('invalid_input', `unknown segmentation '${segmentation}'`);
  }
  const reader = await workspace.connect();
  const writer = await workspace.connect();
  let written = 0;
  try {
    return await transaction(writer, async () => {
      const appender = await writer.createAppender('tw_segments');
      const flush = (trajectoryId: string, turns: SegmentTurn[]) => {
        const segments: Segment[] = segmentTurns(turns, segmentation);
        for (const segment of segments) {
          appender.appendVarchar(trajectoryId);
          appender.appendInteger(segment.segment_index);
          appender.appendInteger(segment.turn_start);
          appender.appendInteger(segment.turn_end);
          appender.appendVarchar(segmentation);
          appender.endRow();
        }
        written += segments.length;
      };
      let current: string | null = null;
      let turns: SegmentTurn[] = [];
      for await (const row of streamTurns(reader, scope, segmentation)) {
        if (signal?.aborted) throw new TurnwiseError('cancelled', 'cancelled; nothing was written');
        if (row.trajectory_id !== current) {
          if (current !== null) flush(current, turns);
          current = row.trajectory_id;
          turns = [];
        }
        turns.push(row.turn);
      }
      if (current !== null) flush(current, turns);
      appender.closeSync();
      return written;
    });
  } finally {
    reader.closeSync();
    writer.closeSync();
  }
}
