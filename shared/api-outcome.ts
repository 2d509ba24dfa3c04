// Each dataset's outcome rule (docs/formats/README.md, outcomes): the SQL boolean over the
// trajectories view that decides success where the format states none.
import * as z from 'zod';
import { Id, method } from './api-method';

export const OutcomeCountsSchema = z.object({
  success: z.number(),
  failure: z.number(),
  unknown: z.number(),
  /** Trajectories whose success the format stated itself; no rule changes them. */
  explicit: z.number(),
});
export type OutcomeCounts = z.infer<typeof OutcomeCountsSchema>;

const Rule = z.string().min(1).max(2000);

export const OutcomeRuleSchema = z.object({
  /** The rule in force; null: success stays unknown where the format is silent. */
  rule: z.string().nullable(),
  /** No rule is stored: the default applies (`reward >= 1` when rewards are all 0 or 1). */
  is_default: z.boolean(),
  /** What the default would be on this dataset. */
  default_rule: z.string().nullable(),
  counts: OutcomeCountsSchema,
});
export type OutcomeRule = z.infer<typeof OutcomeRuleSchema>;

export const OUTCOME_API = {
  getOutcomeRule: () => method(z.object({ dataset_id: Id }).strict(), OutcomeRuleSchema),
  /** The counts a rule would give (null: the default), changing nothing. */
  previewOutcomeRule: () =>
    method(z.object({ dataset_id: Id, rule: Rule.nullable() }).strict(), OutcomeCountsSchema),
  /** Stores a rule and recomputes success; null goes back to the default. */
  setOutcomeRule: () =>
    method(z.object({ dataset_id: Id, rule: Rule.nullable() }).strict(), OutcomeRuleSchema, {
      invalidates: 'all',
    }),
} as const;
