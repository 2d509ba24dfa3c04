// The trajectory view's methods of the API table (shared/api.ts spreads them in): a turn's
// per-token log-probs, search within one trajectory, and the turns that signal a failure.
import { z } from 'zod';
import { Id, method } from './api-method';

/** At most this many matching turns come back from searchTrajectory. */
export const TRAJECTORY_SEARCH_CAP = 5000;

export const FAILURE_SIGNAL_KINDS = [
  'tool_error',
  'test_failure',
  'regression_label',
  'predicted_failure',
] as const;
export type FailureSignalKind = (typeof FAILURE_SIGNAL_KINDS)[number];

export const FailureSignalSchema = z.object({
  turn_index: z.number(),
  kind: z.enum(FAILURE_SIGNAL_KINDS),
  /** What the signal is, in one line: the error's first line, the test counts, the label source. */
  detail: z.string(),
});
export type FailureSignal = z.infer<typeof FailureSignalSchema>;

const TurnRef = z.object({ trajectory_id: Id, turn_index: z.number().int().min(0) }).strict();

export const TRAJECTORY_API = {
  /** One turn's token ids and log-probs under the policy and the reference (empty when none). */
  getTurnLogprobs: method(
    TurnRef,
    z.object({
      token_ids: z.array(z.number()),
      logp_policy: z.array(z.number().nullable()),
      logp_ref: z.array(z.number().nullable()),
    }),
  ),
  /** Turns whose content, reasoning or tool calls contain the query (case-insensitive). */
  searchTrajectory: method(
    z.object({ trajectory_id: Id, query: z.string().min(1).max(1000) }).strict(),
    z.object({ turn_indexes: z.array(z.number()), truncated: z.boolean() }),
  ),
  /** Tool errors, failing test reports, regression labels and the predicted failure step. */
  getFailureSignals: method(
    z.object({ trajectory_id: Id }).strict(),
    z.object({ signals: z.array(FailureSignalSchema) }),
  ),
} as const;
