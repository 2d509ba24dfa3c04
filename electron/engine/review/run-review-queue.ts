// The 'review' job: applies the queue rules (review-rules.ts) to a dataset or the whole workspace
// and adds the items not queued yet, in one transaction. Items already queued keep their
// decisions: an item's id is a hash of (rule, trajectory, segmentation, segment).
import type { ReviewQueueResult, ReviewRule } from '../../../shared/api-review';
import { TurnwiseError } from '../../../shared/result';
import type { Progress } from '../jobs';
import { ensureSegments } from '../credit/segments-store';
import type { Workspace } from '../store/workspace';
import { candidatesSql, ITEM_ID_SQL, QUEUE_RULES, type QueueRule } from './review-rules';
import { writeLabels } from '../store/label-counts';

export interface ReviewQueueOptions {
  datasetId: string | null;
  segmentation: string;
  rules: ReviewRule[] | undefined;
  minConfidence: number;
}

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
  const params = [options.segmentation, options.datasetId, options.minConfidence];
  const itemId = ITEM_ID_SQL('rule', '$1', 'segment_index');
  // Queued with the decisions and label writers, so a decision never races the insert.
  const byRule = await writeLabels(workspace, () =>
    workspace.transaction(async (connection) => {
      await connection.run(
        `CREATE TEMP TABLE review_candidates AS
         SELECT ${itemId} AS item_id, * FROM (${candidatesSql(rules)})`,
        params,
      );
      const added = await connection.runAndReadAll(
        `SELECT rule, count(*)::INTEGER AS n FROM review_candidates
         WHERE item_id NOT IN (SELECT item_id FROM tw_review_items) GROUP BY rule`,
      );
      await connection.run(
        `INSERT INTO tw_review_items (item_id, kind, trajectory_id, segment_index, proposed,
           created_at, reason, segmentation, evidence)
         SELECT item_id, rule, trajectory_id, segment_index, proposed, $1::TIMESTAMPTZ, reason, $2,
                evidence
         FROM review_candidates WHERE item_id NOT IN (SELECT item_id FROM tw_review_items)`,
        [new Date().toISOString(), options.segmentation],
      );
      await connection.run('DROP TABLE review_candidates');
      if (signal.aborted) throw new TurnwiseError('cancelled', 'review queue cancelled');
      return Object.fromEntries(
        added.getRowObjectsJS().map((row) => [String(row.rule), Number(row.n)]),
      );
    }),
  );
  const by_rule = Object.fromEntries(rules.map((rule) => [rule, byRule[rule] ?? 0]));
  const added = Object.values(by_rule).reduce((sum, n) => sum + n, 0);
  report({ done: added, total: added, unit: 'items', message: `added ${added}` });
  return { added, by_rule, segmentation: options.segmentation, dataset_id: options.datasetId };
}
