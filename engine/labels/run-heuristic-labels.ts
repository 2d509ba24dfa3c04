// The heuristic labeling job: runs the rule set over every trajectory of a dataset and appends
// one `heuristic:<version>` label per segment, in one transaction that first removes this
// version's earlier labels for the dataset (re-runs replace, they do not pile up; other sources,
// human labels above all, are never touched). Turns and segments are streamed in trajectory
// order, so memory holds one trajectory at a time.
import { timestampTZValue, type DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import type { HeuristicLabelSummary } from '../../shared/api-labels';
import { ROLE_LABELS, type RoleLabel } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { withActionsOf, type Segment } from '../../shared/segments';
import { ensureSegments } from '../credit/segments-store';
import type { Progress } from '../core/jobs';
import { refreshLabelCounts, writeLabels } from '../store/label-counts';
import { sql } from '../store/sql-template';
import { streamRowsAs } from '../store/streamed-rows';
import { transaction } from '../store/transaction';
import type { Workspace } from '../store/workspace';
import {
  HEURISTIC_SOURCE,
  RULES,
  RULESET_VERSION,
  labelTrajectory,
  type HeuristicTurn,
} from './heuristics/ruleset';
import { newLabelId } from './label-store';
import { toolCallsOf } from '../store/row-schemas';

/** Contents longer than this reach the rules as their head and tail (test summaries are last). */
const CONTENT_EDGE_CHARS = 4096;

/** Trajectories of one dataset, or of every dataset for null. */
const inDataset = (datasetId: string | null) => sql`trajectory_id IN (
  SELECT trajectory_id FROM tw_trajectories
  WHERE ${datasetId}::VARCHAR IS NULL OR dataset_id = ${datasetId})`;

/** A constant of the code, spliced into the text as the literal it was. */
const EDGE = sql.raw(String(CONTENT_EDGE_CHARS));

const turnsSql = (datasetId: string | null) => sql`
  SELECT u.trajectory_id, u.turn_index, u.role, u.is_action, u.tool_calls::VARCHAR AS tool_calls,
         CASE WHEN length(u.content) > ${sql.raw(String(2 * CONTENT_EDGE_CHARS))}
              THEN left(u.content, ${EDGE}) || chr(10) || '…' || chr(10) ||
                   right(u.content, ${EDGE})
              ELSE coalesce(u.content, '') END AS content,
         md5(trim(regexp_replace(coalesce(u.content, ''), '[\\t\\n\\v\\f\\r ]+', ' ', 'g'))) AS content_key,
         t.success
  FROM tw_all_turns u JOIN tw_trajectories t USING (trajectory_id)
  WHERE ${datasetId}::VARCHAR IS NULL OR t.dataset_id = ${datasetId}
  ORDER BY u.trajectory_id, u.turn_index`;

const TurnRow = z.object({
  trajectory_id: z.string(),
  turn_index: z.number(),
  role: z.string(),
  is_action: z.boolean().nullable(),
  tool_calls: z.string().nullable(),
  content: z.string(),
  content_key: z.string(),
  success: z.boolean().nullable(),
});
type TurnRow = z.output<typeof TurnRow>;

const segmentsSql = (datasetId: string | null, segmentation: string) => sql`
  SELECT trajectory_id, segment_index, turn_start, turn_end FROM tw_segments
  WHERE segmentation = ${segmentation} AND ${inDataset(datasetId)}
  ORDER BY trajectory_id, segment_index`;

const SegmentRow = z.object({
  trajectory_id: z.string(),
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
});
type SegmentRow = z.output<typeof SegmentRow>;

interface TrajectoryTurns {
  trajectory_id: string;
  success: boolean | null;
  turns: HeuristicTurn[];
}

/** Groups the streamed turn rows by trajectory. */
async function* trajectoriesOf(rows: AsyncGenerator<TurnRow>): AsyncGenerator<TrajectoryTurns> {
  let current = null as TrajectoryTurns | null;
  for await (const row of rows) {
    if (current?.trajectory_id !== row.trajectory_id) {
      if (current !== null) yield current;
      current = { trajectory_id: row.trajectory_id, success: row.success, turns: [] };
    }
    current.turns.push({
      turn_index: row.turn_index,
      role: row.role,
      content: row.content,
      content_key: row.content_key,
      tool_calls: toolCallsOf(row.tool_calls),
      is_action: row.is_action === true,
    });
  }
  if (current !== null) yield current;
}

/**
 * Hands out each trajectory's segments from a stream in the same trajectory order. Every
 * segmented trajectory has turns, so matching ids by equality is enough (no string ordering).
 */
function segmentCursor(rows: AsyncGenerator<SegmentRow>) {
  let pending: SegmentRow | null | undefined;
  return async (trajectoryId: string): Promise<Segment[]> => {
    if (pending === undefined) pending = (await rows.next()).value ?? null;
    const segments: Segment[] = [];
    while (pending !== null && pending !== undefined && pending.trajectory_id === trajectoryId) {
      const { trajectory_id: _trajectory, ...segment } = pending;
      segments.push(segment);
      pending = (await rows.next()).value ?? null;
    }
    return segments;
  };
}

const STAGING = 'heuristic_labels_staging';

/** Swaps this source's labels in scope for the staged ones; returns how many were replaced. */
async function replaceHeuristicLabels(
  writer: DuckDBConnection,
  datasetId: string | null,
  segmentation: string,
): Promise<number> {
  return transaction(writer, async () => {
    const deletion = sql`DELETE FROM tw_labels
      WHERE source = ${HEURISTIC_SOURCE} AND segmentation = ${segmentation}
        AND ${inDataset(datasetId)}
      RETURNING label_id`;
    const replaced = await writer.runAndReadAll(deletion.text, deletion.params);
    await writer.run(`INSERT INTO tw_labels SELECT * FROM ${STAGING}`);
    await refreshLabelCounts(writer, inDataset(datasetId));
    return replaced.currentRowCount;
  });
}

export async function runHeuristicLabels(
  workspace: Workspace,
  options: { datasetId: string | null; segmentation: string },
  report: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<HeuristicLabelSummary> {
  const started = performance.now();
  const { datasetId, segmentation } = options;
  report({ done: 0, total: null, unit: 'trajectories', message: 'computing segments' });
  const scope = datasetId === null ? {} : { dataset_id: datasetId };
  await ensureSegments(workspace, scope, segmentation, signal);
  const [count] = await workspace.queryAs(
    z.object({ n: z.number() }),
    sql`SELECT count(*) AS n FROM tw_trajectories
        WHERE ${datasetId}::VARCHAR IS NULL OR dataset_id = ${datasetId}`,
  );
  const total = count?.n ?? 0;
  const counts = Object.fromEntries(ROLE_LABELS.map((role) => [role, 0])) as Record<
    RoleLabel,
    number
  >;
  const rules = Object.fromEntries(RULES.map((rule) => [rule.name, 0])) as Record<string, number>;
  const turnReader = await workspace.connect();
  const segmentReader = await workspace.connect();
  const writer = await workspace.connect();
  let trajectories = 0;
  let labeled = 0;
  try {
    // The labels are staged in a temporary table first, and go into tw_labels (with the label
    // counts) in one short transaction queued with the other label writers: a long labeling run
    // must not hold a transaction that a human label saved meanwhile would conflict with.
    await writer.run(`CREATE TEMP TABLE ${STAGING} AS SELECT * FROM tw_labels LIMIT 0`);
    const appender = await writer.createAppender(STAGING, 'main', 'temp');
    const createdAt = timestampTZValue(BigInt(Date.now()) * 1000n);
    const segmentsOf = segmentCursor(
      streamRowsAs(SegmentRow, segmentReader, segmentsSql(datasetId, segmentation)),
    );
    const turnRows = streamRowsAs(TurnRow, turnReader, turnsSql(datasetId));
    for await (const trajectory of trajectoriesOf(turnRows)) {
      if (signal.aborted)
        throw new TurnwiseError('cancelled', 'labeling cancelled; nothing was written');
      const segments = await segmentsOf(trajectory.trajectory_id);
      // Under `turn` a plain reply is a step of its own (shared/segments.ts, actsUnder).
      const turns = withActionsOf(trajectory.turns, segmentation);
      for (const label of labelTrajectory({ ...trajectory, turns, segments })) {
        appender.appendVarchar(newLabelId());
        appender.appendVarchar(trajectory.trajectory_id);
        appender.appendInteger(label.segment_index);
        appender.appendVarchar(label.role_label);
        appender.appendVarchar(HEURISTIC_SOURCE);
        appender.appendVarchar(label.rationale);
        appender.appendNull();
        appender.appendTimestampTZ(createdAt);
        appender.appendVarchar(segmentation);
        appender.endRow();
        counts[label.role_label] += 1;
        rules[label.rule] = (rules[label.rule] ?? 0) + 1;
        labeled += 1;
      }
      trajectories += 1;
      report({ done: trajectories, total, unit: 'trajectories', message: 'labeling' });
    }
    appender.closeSync();
    if (signal.aborted)
      throw new TurnwiseError('cancelled', 'labeling cancelled; nothing was written');
    const replaced = await writeLabels(workspace, () =>
      replaceHeuristicLabels(writer, datasetId, segmentation),
    );
    return {
      dataset_id: datasetId,
      ruleset: RULESET_VERSION,
      source: HEURISTIC_SOURCE,
      segmentation,
      trajectories,
      labeled,
      replaced,
      counts,
      rules,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await writer.run(`DROP TABLE IF EXISTS ${STAGING}`).catch(() => undefined);
    turnReader.closeSync();
    segmentReader.closeSync();
    writer.closeSync();
  }
}
