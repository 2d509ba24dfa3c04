// The judge's reads: which trajectories and segments a run covers, their turns (long texts
// clipped in SQL, so a 500 kB observation never crosses into JavaScript whole) and cached answers.
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { JudgeAnswerSchema, type JudgeAnswer } from '../../shared/api-judge';
import * as z from 'zod';
import { rowsAsOn } from '../store/connection-sql';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import { streamRowsAs } from '../store/streamed-rows';
import type { Workspace } from '../store/workspace';
import type { ClippedText, JudgeSegment, JudgeTurn } from './judge-context';
import { jsonTextColumn, toolCallsOf } from '../store/row-schemas';

/** Texts up to this length are read whole; longer ones as a head and a tail (judge-context). */
const WHOLE = 12_000;
const HEAD = 8_000;
const TAIL = 4_000;

export interface JudgeScope {
  dataset_id?: string | undefined;
  trajectory_ids?: string[] | undefined;
  segmentation: string;
  limit?: number | undefined;
}

/** The ids as one JSON parameter rather than one per id: a run may name thousands. */
const idsIn = (ids: string[]) =>
  sql`(SELECT unnest(from_json(${JSON.stringify(ids)}, '["VARCHAR"]')))`;

/** The trajectories a run covers: those in scope with segments, by id, the first `limit`. */
export async function selectTrajectories(
  workspace: Workspace,
  scope: JudgeScope,
): Promise<string[]> {
  const conditions = [sql`segmentation = ${scope.segmentation}`];
  if (scope.dataset_id !== undefined) {
    await requireDataset(workspace, scope.dataset_id);
    conditions.push(
      sql`trajectory_id IN (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = ${scope.dataset_id})`,
    );
  }
  if (scope.trajectory_ids !== undefined) {
    conditions.push(sql`trajectory_id IN ${idsIn(scope.trajectory_ids)}`);
  }
  const rows = await workspace.queryAs(
    z.object({ trajectory_id: z.string() }),
    sql`SELECT DISTINCT trajectory_id FROM tw_segments WHERE ${sql.join(conditions, ' AND ')}
     ORDER BY trajectory_id ${scope.limit === undefined ? sql`` : sql`LIMIT ${scope.limit}`}`,
  );
  return rows.map((row) => row.trajectory_id);
}

const SegmentRow = z.object({
  trajectory_id: z.string(),
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
});

export async function loadSegments(
  workspace: Workspace,
  trajectoryIds: string[],
  segmentation: string,
): Promise<Map<string, JudgeSegment[]>> {
  const rows = await workspace.queryAs(
    SegmentRow,
    sql`SELECT trajectory_id, segment_index, turn_start, turn_end FROM tw_segments
        WHERE segmentation = ${segmentation} AND trajectory_id IN ${idsIn(trajectoryIds)}
        ORDER BY trajectory_id, segment_index`,
  );
  const segments = new Map<string, JudgeSegment[]>();
  for (const { trajectory_id: id, ...segment } of rows) {
    const list = segments.get(id) ?? [];
    list.push(segment);
    segments.set(id, list);
  }
  return segments;
}

/** Segments already labeled by this source, as `trajectory_id NUL segment_index`. */
export async function labeledSegments(
  workspace: Workspace,
  trajectoryIds: string[],
  source: string,
  segmentation: string,
): Promise<Set<string>> {
  const rows = await workspace.queryAs(
    z.object({ trajectory_id: z.string(), segment_index: z.number() }),
    sql`SELECT DISTINCT trajectory_id, segment_index FROM tw_labels
        WHERE source = ${source} AND segmentation = ${segmentation}
          AND trajectory_id IN ${idsIn(trajectoryIds)}`,
  );
  return new Set(rows.map((row) => segmentKey(row.trajectory_id, row.segment_index)));
}

export function segmentKey(trajectoryId: string, segmentIndex: number): string {
  return `${trajectoryId}\u0000${segmentIndex}`;
}

function clipped(column: string): string {
  return `CASE WHEN length(${column}) <= ${WHOLE} THEN ${column} ELSE left(${column}, ${HEAD}) END
            AS ${column}_head,
          CASE WHEN length(${column}) <= ${WHOLE} THEN '' ELSE right(${column}, ${TAIL}) END
            AS ${column}_tail,
          length(${column}) AS ${column}_length`;
}

/** A text read by clipped(), or null when the column is: its three columns come null together. */
function text(head: string | null, tail: string | null, length: number | null): ClippedText | null {
  if (head === null) return null;
  return { head, tail: tail ?? '', length: length ?? head.length };
}

/** A turn as streamTrajectoryTurns reads it, its texts clipped (clipped()). */
const TurnRow = z.object({
  trajectory_id: z.string(),
  turn_index: z.number(),
  role: z.string(),
  is_action: z.boolean().nullable(),
  tool_calls: z.string().nullable(),
  content_head: z.string().nullable(),
  content_tail: z.string().nullable(),
  content_length: z.number().nullable(),
  reasoning_head: z.string().nullable(),
  reasoning_tail: z.string().nullable(),
  reasoning_length: z.number().nullable(),
});

/** Each trajectory's turns in order, one trajectory at a time, streamed from a reader connection. */
export async function* streamTrajectoryTurns(
  connection: DuckDBConnection,
  trajectoryIds: string[],
): AsyncGenerator<{ trajectory_id: string; turns: JudgeTurn[] }> {
  const statement = sql`SELECT trajectory_id, turn_index, role, is_action,
        tool_calls::VARCHAR AS tool_calls, ${sql.raw(clipped('content'))},
        ${sql.raw(clipped('reasoning'))}
     FROM tw_all_turns WHERE trajectory_id IN ${idsIn(trajectoryIds)}
     ORDER BY trajectory_id, turn_index`;
  let current: string | null = null;
  let turns: JudgeTurn[] = [];
  for await (const row of streamRowsAs(TurnRow, connection, statement)) {
    if (row.trajectory_id !== current) {
      if (current !== null) yield { trajectory_id: current, turns };
      current = row.trajectory_id;
      turns = [];
    }
    turns.push({
      turn_index: row.turn_index,
      role: row.role,
      is_action: row.is_action === true,
      tool_calls: toolCallsOf(row.tool_calls),
      content: text(row.content_head, row.content_tail, row.content_length) ?? {
        head: '',
        tail: '',
        length: 0,
      },
      reasoning: text(row.reasoning_head, row.reasoning_tail, row.reasoning_length),
    });
  }
  if (current !== null) yield { trajectory_id: current, turns };
}

/** The cache key: sha256 of (prompt version, model, segment context). */
export function cacheKey(promptVersion: string, model: string, context: string): string {
  return createHash('sha256')
    .update(JSON.stringify([promptVersion, model, context]))
    .digest('hex');
}

/** A cached answer; one that no longer parses reads as null, a miss to be asked again. */
const CachedRow = z.object({
  cache_key: z.string(),
  response: jsonTextColumn(JudgeAnswerSchema).nullable().catch(null),
});

export async function cachedAnswers(
  connection: DuckDBConnection,
  keys: string[],
): Promise<Map<string, JudgeAnswer>> {
  const answers = new Map<string, JudgeAnswer>();
  if (keys.length === 0) return answers;
  const rows = await rowsAsOn(
    CachedRow,
    connection,
    sql`SELECT cache_key, response::VARCHAR AS response FROM tw_judge_cache
        WHERE cache_key IN ${idsIn(keys)}`,
  );
  for (const row of rows) {
    if (row.response !== null) answers.set(row.cache_key, row.response);
  }
  return answers;
}
