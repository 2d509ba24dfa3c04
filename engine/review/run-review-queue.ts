// The 'review' job: applies the queue rules (review-rules.ts) to a dataset or the whole workspace
// and adds the items not queued yet, in one transaction. Items already queued keep their
// decisions: an item's id is a hash of (rule, trajectory, segmentation, segment).
import type { ReviewQueueResult, ReviewRule } from '../../shared/api-review';
import { TurnwiseError } from '../../shared/result';
import type { Progress } from '../core/jobs';
import { ensureSegments } from '../credit/segments-store';
import * as z from 'zod';
import { rowsAsOn, runOn } from '../store/connection-sql';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { candidatesSql, itemIdSql, QUEUE_RULES, type QueueRule } from './review-rules';
import { writeLabels } from '../store/label-counts';

export interface ReviewQueueOptions {
  datasetId: string | null;
  segmentation: string;
  rules: ReviewRule[] | undefined;
  minConfidence: number;
  minProgressDrop: number;
}

const AddedRow = z.object({ rule: z.string(), n: z.number() });

export async function runReviewQueue(
  workspace: Workspace,
  options: ReviewQueueOptions,
  report: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<ReviewQueueResult> {
  const rules = (options.rules ?? QUEUE_RULES).filter(
    (rule): rule is QueueRule => rule !== 'manual',
  );
  if (rules.length === 0) {
    throw new TurnwiseError('invalid_input', "'manual' items are added by hand, not by the job");
  }
  report({ done: 0, total: null, unit: 'items', message: 'segmenting' });
  const scope = options.datasetId === null ? {} : { dataset_id: options.datasetId };
  await ensureSegments(workspace, scope, options.segmentation, signal);
  if (signal.aborted) throw new TurnwiseError('cancelled', 'review queue cancelled');
  report({ done: 0, total: null, unit: 'items', message: `applying ${rules.length} rules` });
  const evidence = { segmentation: options.segmentation, datasetId: options.datasetId };
  const candidates = candidatesSql(rules, evidence, options);
  const itemId = itemIdSql('rule', options.segmentation, 'segment_index');
  // Queued with the decisions and label writers, so a decision never races the insert.
  const byRule = await writeLabels(workspace, () =>
    workspace.transaction(async (connection) => {
      await runOn(
        connection,
        sql`CREATE TEMP TABLE review_candidates AS
            SELECT ${itemId} AS item_id, * FROM (${candidates})`,
      );
      const added = await rowsAsOn(
        AddedRow,
        connection,
        sql`SELECT rule, count(*)::INTEGER AS n FROM review_candidates
            WHERE item_id NOT IN (SELECT item_id FROM tw_review_items) GROUP BY rule`,
      );
      await runOn(
        connection,
        sql`INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed,
              created_at, reason, segmentation, evidence)
            SELECT item_id, rule, trajectory_id, segment_index, proposed,
                   ${new Date().toISOString()}::TIMESTAMPTZ, reason, ${options.segmentation},
                   evidence
            FROM review_candidates WHERE item_id NOT IN (SELECT item_id FROM tw_review_items)`,
      );
      await connection.run('DROP TABLE review_candidates');
      if (signal.aborted) throw new TurnwiseError('cancelled', 'review queue cancelled');
      return Object.fromEntries(added.map((row) => [row.rule, row.n]));
    }),
  );
  const by_rule = Object.fromEntries(rules.map((rule) => [rule, byRule[rule] ?? 0]));
  const added = Object.values(by_rule).reduce((sum, n) => sum + n, 0);
  report({ done: added, total: added, unit: 'items', message: `added ${added}` });
  return { added, by_rule, segmentation: options.segmentation, dataset_id: options.datasetId };
}
