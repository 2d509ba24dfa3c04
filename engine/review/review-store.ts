// Reading the review queue (the review_items view: each item with its newest event in force) and
// adding items by hand.
import { createHash } from 'node:crypto';
import type { ApiOutput, ApiRequest } from '../../shared/api';
import * as z from 'zod';
import {
  ReviewEventSchema,
  ReviewQueueItemSchema,
  type ReviewQueueItem,
} from '../../shared/api-review';
import { TurnwiseError } from '../../shared/result';
import { ensureSegments } from '../credit/segments-store';
import { writeLabels } from '../store/label-counts';
import { notFound } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { EVIDENCE_JSON, evidenceSql } from './review-rules';

const ITEM_COLUMNS =
  sql.raw(`item_id, kind AS rule, trajectory_id, segment_index, segmentation, proposed,
  reason, evidence::VARCHAR AS evidence, status, decided_label, note, decided_by, decided_at,
  created_at`);

/** The queue's stable order: rule, trajectory, segment (whole trajectories first). */
const ORDER = sql.raw(
  `ORDER BY kind, trajectory_id, segmentation, segment_index NULLS FIRST, item_id`,
);

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

/** One item with its decision in force, or a not_found error. */
export async function getReviewItem(
  workspace: Workspace,
  itemId: string,
): Promise<ReviewQueueItem> {
  const [item] = await workspace.queryAs(
    QueueItemRowSchema,
    sql`SELECT ${ITEM_COLUMNS} FROM review_items WHERE item_id = ${itemId}`,
  );
  if (item === undefined) throw notFound.reviewItem(itemId);
  return item;
}

const CountRow = z.object({ n: z.number() });
const KeyCountRow = z.object({ key: z.string(), n: z.number() });
/** Evidence as JSON text (json_object is never NULL for a row that exists). */
const EvidenceRow = z.object({ evidence: z.string() });

export async function listReviewQueue(
  workspace: Workspace,
  request: ApiRequest<'listReviewQueue'>,
): Promise<ApiOutput<'listReviewQueue'>> {
  const status = request.status ?? null;
  const rule = request.rule ?? null;
  const where = sql`(${status}::VARCHAR IS NULL OR status = ${status})
    AND (${rule}::VARCHAR IS NULL OR kind = ${rule})`;
  const items = await workspace.queryAs(
    QueueItemRowSchema,
    sql`SELECT ${ITEM_COLUMNS} FROM review_items WHERE ${where} ${ORDER}
        LIMIT ${request.limit} OFFSET ${request.offset}`,
  );
  const [count] = await workspace.queryAs(
    CountRow,
    sql`SELECT count(*) AS n FROM review_items WHERE ${where}`,
  );
  const counts = async (column: 'status' | 'kind') =>
    Object.fromEntries(
      (
        await workspace.queryAs(
          KeyCountRow,
          sql`SELECT ${sql.raw(column)} AS key, count(*) AS n FROM review_items
              GROUP BY ALL ORDER BY 1`,
        )
      ).map((row) => [row.key, row.n]),
    );
  return {
    items,
    total: count?.n ?? 0,
    by_status: await counts('status'),
    by_rule: await counts('kind'),
  };
}

export async function listReviewEvents(
  workspace: Workspace,
  itemId: string,
): Promise<ApiOutput<'listReviewEvents'>> {
  await getReviewItem(workspace, itemId);
  const events = await workspace.queryAs(
    ReviewEventSchema,
    sql`SELECT item_id, status, decided_label, note, decided_by, decided_at FROM tw_review_events
        WHERE item_id = ${itemId} ORDER BY decided_at`,
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
  const [trajectory] = await workspace.queryAs(
    z.object({ trajectory_id: z.string() }),
    sql`SELECT trajectory_id FROM trajectories WHERE trajectory_id = ${request.trajectory_id}`,
  );
  if (trajectory === undefined) throw notFound.trajectory(request.trajectory_id);
  const segment = request.segment_index;
  let evidence: string;
  if (segment === undefined) {
    if (request.proposed !== undefined)
      throw new TurnwiseError('invalid_input', 'a label can only be proposed for a segment');
    const [row] = await workspace.queryAs(
      EvidenceRow,
      sql`SELECT json_object('success', t.success, 'reward', t.reward,
            'failure_step', ts.failure_step)::VARCHAR AS evidence
          FROM trajectories t LEFT JOIN trajectory_scores ts
            ON ts.trajectory_id = t.trajectory_id AND ts.segmentation = ${request.segmentation}
          WHERE t.trajectory_id = ${request.trajectory_id}`,
    );
    evidence = row?.evidence ?? '{}';
  } else {
    await ensureSegments(
      workspace,
      { trajectory_ids: [request.trajectory_id] },
      request.segmentation,
    );
    const scope = { segmentation: request.segmentation, datasetId: null };
    const [row] = await workspace.queryAs(
      EvidenceRow,
      sql`SELECT ${sql.raw(EVIDENCE_JSON)}::VARCHAR AS evidence
          FROM (${evidenceSql(
            scope,
            sql`s.trajectory_id = ${request.trajectory_id} AND s.segment_index = ${segment}`,
          )})`,
    );
    if (row === undefined)
      throw notFound.segment(request.trajectory_id, segment, request.segmentation);
    evidence = row.evidence;
  }
  const itemId = manualItemId(request.trajectory_id, request.segmentation, segment);
  const note = request.note?.trim();
  await writeLabels(workspace, () =>
    workspace.run(
      sql`INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed,
            created_at, reason, segmentation, evidence)
          VALUES (${itemId}, 'manual', ${request.trajectory_id}, ${segment ?? null},
                  ${request.proposed ?? null}, ${new Date().toISOString()}::TIMESTAMPTZ,
                  ${note !== undefined && note !== '' ? note : `added by ${request.by}`},
                  ${request.segmentation}, ${evidence}::JSON)
          ON CONFLICT DO NOTHING`,
    ),
  );
  return getReviewItem(workspace, itemId);
}
