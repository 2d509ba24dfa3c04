// The trajectory view's methods of the API table (shared/api.ts spreads them in): the trajectory
// and its turns, a turn's full text page by page, its per-token log-probs (with token text) and
// details, search within one trajectory, and the turns that signal a failure.
import * as z from 'zod';
import { Id, method } from './api-method';
import { TrajectoryDetailSchema, TurnSchema } from './model';

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

/** At most this many tokens of a turn are decoded to text for the heat strips. */
export const TOKEN_TEXT_CAP = 4000;

/** At most this many inline images and sandbox events come back per turn. */
export const TURN_DETAILS_IMAGES = 4;
export const TURN_DETAILS_SANDBOX_EVENTS = 20;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** What a format recorded about the model call behind one turn, normalized across formats. */
export const TurnDetailsSchema = z.object({
  model: z.string().nullable(),
  input_tokens: z.number().nullable(),
  output_tokens: z.number().nullable(),
  cached_tokens: z.number().nullable(),
  reasoning_tokens: z.number().nullable(),
  latency_ms: z.number().nullable(),
  /** Sampling parameters as recorded (temperature, top_p, max_tokens, seed, ...). */
  sampling: z.record(z.string(), Scalar),
  stop_reason: z.string().nullable(),
  cost_usd: z.number().nullable(),
  retries: z.number().nullable(),
  /** The scorers' verdicts recorded on this turn (Inspect: on the last message). */
  scores: z.array(
    z.object({ scorer: z.string(), value: z.string(), explanation: z.string().nullable() }),
  ),
  /** Sandbox events run for this turn (Inspect), the first few, with how many there were. */
  sandbox_events: z.array(
    z.object({ action: z.string(), target: z.string(), result: z.string().nullable() }),
  ),
  sandbox_events_total: z.number(),
  /** Images carried inline in the data: data: URLs only, never a remote address. */
  images: z.array(z.string()),
  /** The rest of the turn's metadata as JSON text (cut when long), null when nothing is left. */
  other: z.string().nullable(),
});
export type TurnDetails = z.infer<typeof TurnDetailsSchema>;

const TurnRef = z.object({ trajectory_id: Id, turn_index: z.number().int().min(0) }).strict();

export const TRAJECTORY_API = {
  getTrajectory: () =>
    method(
      z
        .object({
          trajectory_id: Id,
          /** Only these turns (inclusive), e.g. a segment and its context; all of them by default. */
          turns: z
            .object({ from: z.number().int().min(0), to: z.number().int().min(0) })
            .strict()
            .refine((range) => range.to >= range.from, 'turns.to is before turns.from')
            .optional(),
        })
        .strict(),
      z.object({
        trajectory: TrajectoryDetailSchema,
        turns: z.array(TurnSchema),
        /** The segmentation of the trajectory's dataset (chosen on its page): what to label by. */
        segmentation: z.string(),
      }),
    ),
  /** Pages through one turn's full content; large observations never travel whole. */
  getTurnText: () =>
    method(
      z
        .object({
          trajectory_id: Id,
          turn_index: z.number().int().min(0),
          offset: z.number().int().min(0).default(0),
          length: z.number().int().min(1).max(1_000_000).default(200_000),
        })
        .strict(),
      z.object({ text: z.string(), offset: z.number(), total_length: z.number() }),
    ),
  /**
   * One turn's token ids and log-probs under the policy and the reference (empty when none), with
   * each token's text decoded by the dataset's tokenizer.json when one is set.
   */
  getTurnLogprobs: () =>
    method(
      TurnRef,
      z.object({
        token_ids: z.array(z.number()),
        logp_policy: z.array(z.number().nullable()),
        logp_ref: z.array(z.number().nullable()),
        /** The text of the first TOKEN_TEXT_CAP tokens (null for an unknown id); null without one. */
        tokens: z.array(z.string().nullable()).nullable(),
        dataset_id: z.string(),
        tokenizer_path: z.string().nullable(),
        /** Why the set tokenizer could not decode (moved, unreadable), else null. */
        tokenizer_error: z.string().nullable(),
      }),
    ),
  /** Sets (or clears, with null) the tokenizer.json a dataset's token ids are decoded with. */
  setDatasetTokenizer: () =>
    method(
      z.object({ dataset_id: Id, tokenizer_path: z.string().min(1).max(4000).nullable() }).strict(),
      z.object({ tokenizer_path: z.string().nullable() }),
      { invalidates: ['getTurnLogprobs'] },
    ),
  /** What the format recorded about one turn's call: model, tokens, latency, sampling, ... */
  getTurnDetails: () => method(TurnRef, TurnDetailsSchema),
  /** Turns whose content, reasoning or tool calls contain the query (case-insensitive). */
  searchTrajectory: () =>
    method(
      z.object({ trajectory_id: Id, query: z.string().min(1).max(1000) }).strict(),
      z.object({ turn_indexes: z.array(z.number()), truncated: z.boolean() }),
    ),
  /** Tool errors, failing test reports, regression labels and the predicted failure step. */
  getFailureSignals: () =>
    method(
      z.object({ trajectory_id: Id }).strict(),
      z.object({ signals: z.array(FailureSignalSchema) }),
    ),
} as const;
