// Reading the review queue (the review_items view: each item with its newest event in force) and
// adding items by hand.
import { createHash } from 'node:crypto';
import type { ApiOutput, ApiRequest } from '../../../shared/api';
import { z } from 'zod';
import {
  ReviewEventSchema,
  ReviewQueueItemSchema,
  type ReviewQueueItem,
} from '../../../shared/api-review';
import { TurnwiseError } from '../../../shared/result';
import { ensureSegments } from '../credit/segments-store';
import { writeLabels } from '../store/label-counts';
import { parseRows } from '../store/query-as';
import { notFound } from '../store/require';
import type { Row, Workspace } from '../store/workspace';
import { EVIDENCE_JSON, evidenceSql } from './review-rules';

const ITEM_COLUMNS = `item_id, kind AS rule, trajectory_id, segment_index, segmentation, proposed,
  reason, evidence::VARCHAR AS evidence, status, decided_label, note, decided_by, decided_at,
  created_at`;

/** The queue's stable order: rule, trajectory, segment (whole trajectories first). */
const ORDER = `ORDER BY kind, trajectory_id, segmentation, segment_index NULLS FIRST, item_id`;

function evidenceObject(text: string | null): Record<string, unknown> {
  const evidence: unknown = text === null ? null : JSON.parse(text);
  return evidence !== null && typeof evidence === 'object'
    ? (evidence as Record<string, unknown>)
    : {};
}

/** A row of ITEM_COLUMNS: the evidence arrives as JSON text, a reason may be missing. */
const QueueItemRowSchema = ReviewQueueItemSchema.extend({
  reason: z
    .string()
    .nullable()
    .transform((reason) => reason ?? ''),
  evidence: z.string().nullable().transform(evidenceObject),
});

type Query = (sql: string, params?: (string | number | null)[]) => Promise<Row[]>;

/** One item with its decision in force, or a not_found error. */
export async function getReviewItem(query: Query, itemId: string): Promise<ReviewQueueItem> {
  const sql = `SELECT ${ITEM_COLUMNS} FROM review_items WHERE item_id = $1`;
  const [item] = parseRows(QueueItemRowSchema, sql, await query(sql, [itemId]));
  if (item === undefined) throw notFound.reviewItem(itemId);
  return item;
}

export async function listReviewQueue(
  workspace: Workspace,
  request: ApiRequest<'listReviewQueue'>,
): Promise<ApiOutput<'listReviewQueue'>> {
  const where = `($1::VARCHAR IS NULL OR status = $1) AND ($2::VARCHAR IS NULL OR kind = $2)`;
  const filter = [request.status ?? null, request.rule ?? null];
  const items = await workspace.queryAs(
    QueueItemRowSchema,
    `SELECT ${ITEM_COLUMNS} FROM review_items WHERE ${where} ${ORDER} LIMIT $3 OFFSET $4`,
    [...filter, request.limit, request.offset],
  );
  const [count] = await workspace.query(
    `SELECT count(*) AS n FROM review_items WHERE ${where}`,
    filter,
  );
  const counts = async (column: string) =>
    Object.fromEntries(
      (
        await workspace.query(
          `SELECT ${column} AS key, count(*) AS n FROM review_items GROUP BY ALL ORDER BY 1`,
        )
      ).map((row) => [String(row.key), Number(row.n)]),
    );
  return {
    items,
    total: Number(count?.n ?? 0),
    by_status: await counts('status'),
    by_rule: await counts('kind'),
  };
}

export async function listReviewEvents(
  workspace: Workspace,
  itemId: string,
): Promise<ApiOutput<'listReviewEvents'>> {
  await getReviewItem((sql, params) => workspace.query(sql, params), itemId);
  const events = await workspace.queryAs(
    ReviewEventSchema,
    `SELECT item_id, status, decided_label, note, decided_by, decided_at FROM tw_review_events
     WHERE item_id = $1 ORDER BY decided_at`,
    [itemId],
  );
  return { events };
}

/** The id of a manual item: the same segment (or trajectory) added twice is one item. */
export function manualItemId(
  trajectoryId: string,
  segmentation: string,
  segment: number | undefined,
): string {
  return createHash('sha256')
    .update(`manual|${trajectoryId}|${segmentation}|${segment ?? ''}`)
    .digest('hex')
    .slice(0, 20);
}

/** Adds a segment or a whole trajectory by hand; adding it again returns the queued item. */
export async function addReviewItem(
  workspace: Workspace,
  request: ApiRequest<'addReviewItem'>,
): Promise<ReviewQueueItem> {
  const query: Query = (sql, params) => workspace.query(sql, params);
  const [trajectory] = await query(
    `SELECT success, reward FROM trajectories WHERE trajectory_id = $1`,
    [request.trajectory_id],
  );
  if (trajectory === undefined) throw notFound.trajectory(request.trajectory_id);
  const segment = request.segment_index;
  let evidence: string;
  if (segment === undefined) {
    if (request.proposed !== undefined)
      throw new TurnwiseError('invalid_input', 'a label can only be proposed for a segment');
    const [row] = await query(
      `SELECT json_object('success', t.success, 'reward', t.reward,
         'failure_step', ts.failure_step)::VARCHAR AS evidence
       FROM trajectories t LEFT JOIN trajectory_scores ts
         ON ts.trajectory_id = t.trajectory_id AND ts.segmentation = $1
       WHERE t.trajectory_id = $2`,
      [request.segmentation, request.trajectory_id],
    );
    evidence = String(row?.evidence ?? '{}');
  } else {
    await ensureSegments(
      workspace,
      { trajectory_ids: [request.trajectory_id] },
      request.segmentation,
    );
    const [row] = await query(
      `SELECT ${EVIDENCE_JSON}::VARCHAR AS evidence
       FROM (${evidenceSql('s.trajectory_id = $3 AND s.segment_index = $4')})`,
      [request.segmentation, null, request.trajectory_id, segment],
    );
    if (row === undefined)
      throw notFound.segment(request.trajectory_id, segment, request.segmentation);
    evidence = String(row.evidence);
  }
  const itemId = manualItemId(request.trajectory_id, request.segmentation, segment);
  const note = request.note?.trim();
  await writeLabels(workspace, () =>
    workspace.run(
      `INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed,
         created_at, reason, segmentation, evidence)
       VALUES ($1, 'manual', $2, $3, $4, $5::TIMESTAMPTZ, $6, $7, $8::JSON)
       ON CONFLICT DO NOTHING`,
      [
        itemId,
        request.trajectory_id,
        segment ?? null,
        request.proposed ?? null,
        new Date().toISOString(),
        note !== undefined && note !== '' ? note : `added by ${request.by}`,
        request.segmentation,
        evidence,
      ],
    ),
  );
  return getReviewItem(query, itemId);
}
