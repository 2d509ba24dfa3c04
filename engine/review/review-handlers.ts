// Handlers of the review API methods (shared/api-review.ts).
import type { REVIEW_API } from '../../shared/api-review';
import { TurnwiseError } from '../../shared/result';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { requireDataset } from '../store/require';
import { decideReviewItem, undoReviewDecision } from './review-decisions';
import { getReviewRuleStats } from './review-rule-stats';
import { addReviewItem, listReviewEvents, listReviewQueue } from './review-store';
import { runReviewQueue } from './run-review-queue';

export function reviewHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof REVIEW_API> {
  return {
    startReviewQueue: async (request) => {
      // Checked before the job starts, so a typo is an error of the call, not a failed job.
      if (request.dataset_id !== undefined) await requireDataset(workspace, request.dataset_id);
      if (request.rules?.every((rule) => rule === 'manual')) {
        throw new TurnwiseError('invalid_input', "'manual' items are added by hand, not by rules");
      }
      const options = {
        datasetId: request.dataset_id ?? null,
        segmentation: request.segmentation,
        rules: request.rules,
        minConfidence: request.min_confidence,
        minProgressDrop: request.min_progress_drop,
      };
      return jobs.start('review', (report, signal) =>
        runReviewQueue(workspace, options, report, signal),
      );
    },
    addReviewItem: (request) => addReviewItem(workspace, request),
    listReviewQueue: (request) => listReviewQueue(workspace, request),
    decideReviewItem: (request) => decideReviewItem(workspace, request),
    undoReviewDecision: (request) => undoReviewDecision(workspace, request),
    listReviewEvents: (request) => listReviewEvents(workspace, request.item_id),
    getReviewRuleStats: () => getReviewRuleStats(workspace),
  };
}
