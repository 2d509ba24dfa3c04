// Each queue rule's record so far (docs/review.md): its items counted by the decision in force
// (the review_items view), and its precision, the share of decided items a reviewer approved or
// relabeled, so a researcher sees which rules earn their time.
import * as z from 'zod';
import { REVIEW_RULES, type ReviewRule, type ReviewRuleStats } from '../../shared/api-review';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

export interface RuleCounts {
  pending: number;
  approved: number;
  relabeled: number;
  rejected: number;
}

/** decided = approved + relabeled + rejected; precision = (approved + relabeled) / decided. */
export function ruleStats(rule: ReviewRule, counts: RuleCounts): ReviewRuleStats {
  const { pending, approved, relabeled, rejected } = counts;
  const decided = approved + relabeled + rejected;
  return {
    rule,
    queued: pending + decided,
    pending,
    decided,
    approved,
    relabeled,
    rejected,
    precision: decided === 0 ? null : (approved + relabeled) / decided,
  };
}

const CountsRow = z.object({
  rule: z.string(),
  pending: z.number(),
  approved: z.number(),
  relabeled: z.number(),
  rejected: z.number(),
});

const counted = (status: string) =>
  sql.raw(`count(*) FILTER (WHERE status = '${status}')::INTEGER AS ${status}`);

/** Every rule, in REVIEW_RULES order (a rule without items has zeros and a null precision). */
export async function getReviewRuleStats(
  workspace: Workspace,
): Promise<{ rules: ReviewRuleStats[] }> {
  const rows = await workspace.queryAs(
    CountsRow,
    sql`SELECT kind AS rule, ${counted('pending')}, ${counted('approved')},
          ${counted('relabeled')}, ${counted('rejected')}
        FROM review_items GROUP BY kind`,
  );
  const byRule = new Map(rows.map((row) => [row.rule, row]));
  const none: RuleCounts = { pending: 0, approved: 0, relabeled: 0, rejected: 0 };
  return { rules: REVIEW_RULES.map((rule) => ruleStats(rule, byRule.get(rule) ?? none)) };
}
