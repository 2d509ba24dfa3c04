// The label log (tw_labels, append-only) as the labeling API reads and writes it: a trajectory's
// segments with the label in force, and human label events committed one at a time.
import { randomUUID } from 'node:crypto';
import { LabelEventSchema, type LabelEvent, type LabeledSegment } from '../../shared/api-labels';
import type { RoleLabel } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { turnRelationsFor } from '../import/attach/turn-relations';
import { ensureSegments } from '../credit/segments-store';
import * as z from 'zod';
import { rowsAsOn } from '../store/connection-sql';
import { notFound, requireTrajectory } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { refreshLabelCounts, writeLabels } from '../store/label-counts';
import { summarizeAction } from './action-summary';
import { toolCallsOf } from '../store/row-schemas';

let lastIdMillis = 0;
let idCounter = 0;

/**
 * A label id that sorts in creation order within this process (labels_effective breaks ties of
 * created_at by label_id, newest first): milliseconds, a counter, then randomness.
 */
export function newLabelId(now = Date.now()): string {
  idCounter = now === lastIdMillis ? idCounter + 1 : 0;
  lastIdMillis = now;
  return `${now.toString(36).padStart(9, '0')}-${idCounter.toString(36).padStart(4, '0')}-${randomUUID().slice(0, 8)}`;
}

const EVENT_COLUMNS = sql.raw(`label_id, trajectory_id, segment_index, segmentation, role_label,
  source, rationale, confidence, created_at`);

const SegmentRow = z.object({
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
});

/** An assistant turn or action: its tool calls (JSON text) and the start of its content. */
const ActionRow = z.object({
  turn_index: z.number(),
  tool_calls: z.string().nullable(),
  content: z.string().nullable(),
});

async function actionSummaries(
  workspace: Workspace,
  trajectoryId: string,
): Promise<Map<number, string>> {
  const relations = await turnRelationsFor(workspace, trajectoryId);
  const rows = await workspace.queryAs(
    ActionRow,
    sql`SELECT turn_index, tool_calls::VARCHAR AS tool_calls, left(content, 400) AS content
        FROM ${sql.raw(relations.turns)} AS u WHERE trajectory_id = ${trajectoryId}
          AND (is_action OR role = 'assistant')`,
  );
  return new Map(
    rows.map((row) => [
      row.turn_index,
      summarizeAction(toolCallsOf(row.tool_calls), row.content ?? ''),
    ]),
  );
}

export async function getSegments(
  workspace: Workspace,
  trajectoryId: string,
  segmentation: string,
): Promise<{ segments: LabeledSegment[]; events: LabelEvent[] }> {
  await requireTrajectory(workspace, trajectoryId);
  await ensureSegments(workspace, { trajectory_ids: [trajectoryId] }, segmentation);
  const ofTrajectory = sql`trajectory_id = ${trajectoryId} AND segmentation = ${segmentation}`;
  const segments = await workspace.queryAs(
    SegmentRow,
    sql`SELECT segment_index, turn_start, turn_end FROM tw_segments
        WHERE ${ofTrajectory} ORDER BY segment_index`,
  );
  const events = await workspace.queryAs(
    LabelEventSchema,
    sql`SELECT ${EVENT_COLUMNS} FROM tw_labels WHERE ${ofTrajectory}
        ORDER BY created_at, label_id`,
  );
  // The same precedence as the labels_effective view, keeping the label id to find the event.
  const effective = await workspace.queryAs(
    z.object({ label_id: z.string() }),
    sql`SELECT label_id FROM (
       SELECT label_id, row_number() OVER (
         PARTITION BY segment_index
         ORDER BY CASE WHEN source LIKE 'human:%' THEN 0 WHEN source LIKE 'judge:%' THEN 1 ELSE 2 END,
                  created_at DESC, label_id DESC) AS precedence
       FROM tw_labels WHERE ${ofTrajectory})
     WHERE precedence = 1`,
  );
  const inForce = new Set(effective.map((row) => row.label_id));
  const labelOf = new Map(
    events.filter((e) => inForce.has(e.label_id)).map((e) => [e.segment_index, e]),
  );
  const summaries =
    segments.length > 0 ? await actionSummaries(workspace, trajectoryId) : new Map();
  return {
    segments: segments.map((row) => ({
      ...row,
      action: summaries.get(row.turn_end) ?? '(no action)',
      label: labelOf.get(row.segment_index) ?? null,
    })),
    events,
  };
}

export interface HumanLabel {
  trajectory_id: string;
  segment_index: number;
  segmentation: string;
  role_label: RoleLabel;
  rationale?: string | undefined;
  annotator: string;
}

/** Appends one human label event (committed when this returns) and returns it as stored. */
export async function appendHumanLabel(
  workspace: Workspace,
  label: HumanLabel,
): Promise<LabelEvent> {
  await requireTrajectory(workspace, label.trajectory_id);
  const segmentExists = async () =>
    (
      await workspace.queryAs(
        SegmentRow.pick({ segment_index: true }),
        sql`SELECT segment_index FROM tw_segments WHERE trajectory_id = ${label.trajectory_id}
            AND segmentation = ${label.segmentation} AND segment_index = ${label.segment_index}`,
      )
    ).length > 0;
  if (!(await segmentExists())) {
    await ensureSegments(workspace, { trajectory_ids: [label.trajectory_id] }, label.segmentation);
    if (!(await segmentExists())) {
      throw notFound.segment(label.trajectory_id, label.segment_index, label.segmentation);
    }
  }
  const rationale = label.rationale?.trim() ?? '';
  const now = Date.now();
  // The label and the trajectory's label counts commit together, on a connection of their own
  // so the transaction captures no other caller's statements, queued with the other label writers.
  return writeLabels(workspace, () =>
    workspace.transaction(async (connection) => {
      const [event] = await rowsAsOn(
        LabelEventSchema,
        connection,
        sql`INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
              rationale, confidence, created_at, segmentation)
            VALUES (${newLabelId(now)}, ${label.trajectory_id}, ${label.segment_index},
                    ${label.role_label}, ${`human:${label.annotator}`},
                    ${rationale === '' ? null : rationale}, NULL,
                    ${new Date(now).toISOString()}::TIMESTAMPTZ, ${label.segmentation})
            RETURNING ${EVENT_COLUMNS}`,
      );
      await refreshLabelCounts(connection, sql`trajectory_id = ${label.trajectory_id}`);
      if (event === undefined)
        throw new TurnwiseError('internal', 'the label insert returned no row');
      return event;
    }),
  );
}
