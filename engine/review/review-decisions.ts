// Review decisions as append-only events (tw_review_events; the newest is in force). approve and
// relabel also write a human label for the segment; the event, the label and the trajectory's
// label counts commit in one transaction before the answer. An undo appends an event returning the
// item to the state before its newest event (so undoing an undo redoes) and puts the segment's
// human label back to what that state had (docs/review.md says exactly how).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ApiRequest } from '../../shared/api';
import * as z from 'zod';
import { REVIEW_STATUSES, RoleLabelSchema, type ReviewQueueItem } from '../../shared/api-review';
import type { RoleLabel } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { newLabelId } from '../labels/label-store';
import { rowsAsOn, runOn } from '../store/connection-sql';
import { refreshLabelCounts, writeLabels } from '../store/label-counts';
import { notFound } from '../store/require';
import { sql, type SqlFragment } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { getReviewItem } from './review-store';

const ItemStateSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  decided_label: RoleLabelSchema.nullable(),
  note: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** Epoch milliseconds of the event (0 for the pending state before any event). */
  ms: z.number(),
});
type ItemState = z.infer<typeof ItemStateSchema>;

const PENDING: ItemState = {
  status: 'pending',
  decided_label: null,
  note: null,
  decided_by: null,
  ms: 0,
};

const QueuedItemSchema = z.object({
  item_id: z.string(),
  trajectory_id: z.string(),
  segment_index: z.number().nullable(),
  segmentation: z.string(),
  proposed: RoleLabelSchema.nullable(),
});
type QueuedItem = z.infer<typeof QueuedItemSchema>;

const HumanLabelSchema = z.object({
  label_id: z.string(),
  role_label: z.string(),
  source: z.string(),
  rationale: z.string().nullable(),
  ms: z.number(),
});

type Read = <S extends z.ZodType>(schema: S, statement: SqlFragment) => Promise<z.output<S>[]>;

const labelOf = (state: ItemState): RoleLabel | null =>
  state.status === 'approved' || state.status === 'relabeled' ? state.decided_label : null;

/** The segment's newest human label, optionally only those older than `beforeMs`. */
async function newestHumanLabel(read: Read, item: QueuedItem, beforeMs?: number) {
  const before = beforeMs ?? null;
  const [row] = await read(
    HumanLabelSchema,
    sql`SELECT label_id, role_label, source, rationale, epoch_ms(created_at) AS ms FROM tw_labels
        WHERE trajectory_id = ${item.trajectory_id} AND segmentation = ${item.segmentation}
          AND segment_index = ${item.segment_index} AND source LIKE 'human:%'
          AND (${before}::BIGINT IS NULL OR epoch_ms(created_at) < ${before})
        ORDER BY created_at DESC, label_id DESC LIMIT 1`,
  );
  return row;
}

async function newestLabelMs(read: Read, item: QueuedItem): Promise<number> {
  const [row] = await read(
    z.object({ ms: z.number().nullable() }),
    sql`SELECT max(epoch_ms(created_at)) AS ms FROM tw_labels
        WHERE trajectory_id = ${item.trajectory_id} AND segmentation = ${item.segmentation}
          AND segment_index = ${item.segment_index}`,
  );
  return row?.ms ?? 0;
}

type Transition = (item: QueuedItem, events: ItemState[]) => Omit<ItemState, 'ms' | 'decided_by'>;

/**
 * Appends one event computed by `transition` from the item and its events, adjusting the
 * segment's human label, all in one transaction on a connection of its own.
 */
async function appendEvent(
  workspace: Workspace,
  itemId: string,
  by: string,
  isUndo: boolean,
  transition: Transition,
): Promise<ReviewQueueItem> {
  // Queued with every other label writer: the label counts must not be rewritten concurrently.
  return writeLabels(workspace, async () => {
    await workspace.transaction(async (connection) => {
      const read: Read = (schema, statement) => rowsAsOn(schema, connection, statement);
      const [item] = await read(
        QueuedItemSchema,
        sql`SELECT item_id, trajectory_id, segment_index, segmentation, proposed
            FROM tw_review_items WHERE item_id = ${itemId}`,
      );
      if (item === undefined) throw notFound.reviewItem(itemId);
      const events = await read(
        ItemStateSchema,
        sql`SELECT status, decided_label, note, decided_by, epoch_ms(decided_at) AS ms
            FROM tw_review_events WHERE item_id = ${itemId} ORDER BY decided_at`,
      );
      const target = transition(item, events);
      const from = events.at(-1) ?? PENDING;
      const labelMs = item.segment_index === null ? 0 : await newestLabelMs(read, item);
      // Strictly after the item's last event and the segment's newest label: the newest wins.
      const now = Math.max(Date.now(), from.ms + 1, labelMs + 1);
      const at = new Date(now).toISOString();
      if (item.segment_index !== null) {
        const changed = await adjustHumanLabel(
          connection,
          read,
          item,
          from,
          target,
          by,
          now,
          isUndo,
        );
        if (changed) {
          await refreshLabelCounts(connection, sql`trajectory_id = ${item.trajectory_id}`);
        }
      }
      await runOn(
        connection,
        sql`INSERT INTO tw_review_events (item_id, status, decided_label, note, decided_by,
              decided_at)
            VALUES (${itemId}, ${target.status}, ${target.decided_label}, ${target.note}, ${by},
                    ${at}::TIMESTAMPTZ)`,
      );
    });
    return getReviewItem(workspace, itemId);
  });
}

/**
 * Makes the segment's human label match the target state. Returns whether a label was written.
 * - The state being left wrote the human label still in force: a target with a label appends
 *   it; otherwise the human label before it is appended again (its source and rationale), and
 *   when there was none, the row the decision wrote is deleted (labels are append-only, but "no
 *   human label" cannot be appended; the review events keep the whole history).
 * - Otherwise a target with a label appends it, except that an undo does not override a human
 *   label set after the event it undoes.
 */
async function adjustHumanLabel(
  connection: DuckDBConnection,
  read: Read,
  item: QueuedItem,
  from: ItemState,
  target: Omit<ItemState, 'ms' | 'decided_by'>,
  by: string,
  now: number,
  isUndo: boolean,
): Promise<boolean> {
  const inForce = await newestHumanLabel(read, item);
  const fromLabel = labelOf(from);
  const targetLabel = labelOf({ ...target, ms: now, decided_by: by });
  const fromWroteInForce =
    fromLabel !== null &&
    inForce !== undefined &&
    inForce.ms === from.ms &&
    inForce.source === `human:${from.decided_by}` &&
    inForce.role_label === fromLabel;
  const append = (role: string, source: string, rationale: string | null) =>
    runOn(
      connection,
      sql`INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
            rationale, confidence, created_at, segmentation)
          VALUES (${newLabelId(now)}, ${item.trajectory_id}, ${item.segment_index}, ${role},
                  ${source}, ${rationale}, NULL, ${new Date(now).toISOString()}::TIMESTAMPTZ,
                  ${item.segmentation})`,
    );
  const rationale = target.note ?? `review item ${item.item_id}: ${target.status}`;
  if (fromWroteInForce) {
    if (targetLabel !== null) {
      await append(targetLabel, `human:${by}`, rationale);
      return true;
    }
    const previous = await newestHumanLabel(read, item, from.ms);
    if (previous !== undefined) {
      await append(previous.role_label, previous.source, previous.rationale);
    } else {
      await runOn(connection, sql`DELETE FROM tw_labels WHERE label_id = ${inForce.label_id}`);
    }
    return true;
  }
  if (targetLabel === null) return false;
  if (isUndo && inForce !== undefined && inForce.ms > from.ms) return false;
  await append(targetLabel, `human:${by}`, rationale);
  return true;
}

export function decideReviewItem(
  workspace: Workspace,
  request: ApiRequest<'decideReviewItem'>,
): Promise<ReviewQueueItem> {
  const note = request.note?.trim() || null;
  return appendEvent(workspace, request.item_id, request.by, false, (item) => {
    const { decision, label } = request;
    if (label !== undefined && decision !== 'relabel')
      throw new TurnwiseError('invalid_input', `a label goes with relabel, not with ${decision}`);
    if (decision === 'reject') return { status: 'rejected', decided_label: null, note };
    if (item.segment_index === null)
      throw new TurnwiseError(
        'invalid_input',
        `review item '${item.item_id}' is a whole trajectory: ${decision} writes a segment ` +
          'label, so add the segment to the queue and decide that item (or reject this one)',
      );
    if (decision === 'approve') {
      if (item.proposed === null)
        throw new TurnwiseError(
          'invalid_input',
          `review item '${item.item_id}' proposes no label to approve; relabel it instead`,
        );
      return { status: 'approved', decided_label: item.proposed, note };
    }
    if (label === undefined)
      throw new TurnwiseError('invalid_input', 'relabel needs the label (one of the four roles)');
    return { status: 'relabeled', decided_label: label, note };
  });
}

export function undoReviewDecision(
  workspace: Workspace,
  request: ApiRequest<'undoReviewDecision'>,
): Promise<ReviewQueueItem> {
  return appendEvent(workspace, request.item_id, request.by, true, (item, events) => {
    if (events.length === 0)
      throw new TurnwiseError(
        'invalid_input',
        `review item '${item.item_id}' has no decision to undo`,
      );
    const previous = events.at(-2) ?? PENDING;
    return {
      status: previous.status,
      decided_label: previous.decided_label,
      note: previous.note,
    };
  });
}
