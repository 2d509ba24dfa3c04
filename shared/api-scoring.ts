// The scoring methods of the API table; shared/api.ts spreads them into API. Scoring sends
// trajectories to vLLM-style completions endpoints (token ids in, prompt log-probs out) and stores
// per-token log-probs of the assistant turns under a policy and a reference model.
import * as z from 'zod';
import { Id, method } from './api-method';
import { jobStateOf } from './job-kinds';
import { SERVER_PROFILES, ServerChoiceSchema } from './server-profiles';

/**
 * How a trajectory becomes one token sequence. chat_template: the model's own chat template,
 * applied by the server's /tokenize endpoint; chatml: Turnwise's fixed ChatML text rendering,
 * tokenized piece by piece (for base models and servers without a chat template).
 */
export const SCORING_RENDERINGS = ['chat_template', 'chatml'] as const;
export type ScoringRendering = (typeof SCORING_RENDERINGS)[number];

/** Names an environment variable; the key itself never travels through the API or the workspace. */
export const EnvVarName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name (letters, digits, _)');

export const ScoringEndpointSchema = z
  .object({
    /** The server's base URL, with or without /v1 (e.g. http://127.0.0.1:8000). */
    base_url: z.url({ protocol: /^https?$/ }).max(2000),
    /** Defaults to the single model the server's /v1/models lists. */
    model: z.string().min(1).max(500).optional(),
    /** Sent as a Bearer token when set. */
    api_key_env: EnvVarName.optional(),
    /** The kind of server (shared/server-profiles.ts); auto (the default) asks it. */
    server: ServerChoiceSchema.optional(),
  })
  .strict();
export type ScoringEndpoint = z.infer<typeof ScoringEndpointSchema>;

/**
 * Why a trajectory was not scored. no_prompt_logprobs: the server sent none for the prompt;
 * logprob_mismatch: they do not line up with the tokens sent; template_split: the chat template
 * renders a turn unlike its generation prompt; text_missing: the rendered prompt lacks a stored
 * turn's reasoning, text or tool call; tool_arguments: a tool call's arguments are not JSON, which
 * the server's template cannot render as they are; refused: the server refused the request (too
 * long, a template error); file_missing: an attached trajectory's file is gone.
 */
export const SCORING_FAILURE_CODES = [
  'no_prompt_logprobs',
  'logprob_mismatch',
  'template_split',
  'text_missing',
  'tool_arguments',
  'refused',
  'file_missing',
] as const;
export type ScoringFailureCode = (typeof SCORING_FAILURE_CODES)[number];

export const ScoringFailureSchema = z.object({
  trajectory_id: z.string(),
  code: z.enum(SCORING_FAILURE_CODES),
  reason: z.string(),
});

/** The result of a finished scoring job (also the CLI's --json output). */
export const ScoringSummarySchema = z.object({
  policy_model: z.string().nullable(),
  ref_model: z.string().nullable(),
  /** The kind of each server, as set or detected. */
  policy_server: z.enum(SERVER_PROFILES).nullable(),
  ref_server: z.enum(SERVER_PROFILES).nullable(),
  rendering: z.enum(SCORING_RENDERINGS),
  /** Trajectories in scope. */
  trajectories: z.number(),
  /** Trajectories with at least one turn written. */
  scored_trajectories: z.number(),
  /** Trajectories with nothing to score (no assistant turn, or all already scored). */
  skipped_trajectories: z.number(),
  failed_trajectories: z.number(),
  /** The first failures, with their reasons. */
  failures: z.array(ScoringFailureSchema),
  turns_scored: z.number(),
  /** Skipped by only_missing: they already had the lists being scored. */
  turns_already_scored: z.number(),
  /** Attached turns whose per-token lists live in the Parquet files, which are never rewritten. */
  turns_in_files: z.number(),
  /** Turns past the model's context length (a trajectory is cut after its last turn that fits). */
  turns_beyond_context: z.number(),
  /** Tokens whose log-probs were stored. */
  tokens: z.number(),
  /** Trajectories scored one request per turn because the chat template is not prefix-preserving. */
  per_turn_trajectories: z.number(),
  requests: z.number(),
  retries: z.number(),
  seconds: z.number(),
});
export type ScoringSummary = z.infer<typeof ScoringSummarySchema>;

/** A 'score' job, whose result is a ScoringSummary. */
export const ScoreJobSchema = jobStateOf('score', ScoringSummarySchema);

export const MAX_SCORING_CONCURRENCY = 64;

export const SCORING_API = {
  /** Starts a 'score' job; its result is a ScoringSummary. */
  startScoring: () =>
    method(
      z
        .object({
          /** Writes logp_policy; either endpoint may be omitted to score one side only. */
          policy: ScoringEndpointSchema.optional(),
          /** Writes logp_ref. */
          ref: ScoringEndpointSchema.optional(),
          dataset_id: Id.optional(),
          trajectory_ids: z.array(Id).min(1).max(10_000).optional(),
          /** Skips turns that already have every list being scored. */
          only_missing: z.boolean().default(false),
          rendering: z.enum(SCORING_RENDERINGS).default('chat_template'),
          concurrency: z.number().int().min(1).max(MAX_SCORING_CONCURRENCY).default(4),
          /** Per HTTP request. */
          timeout_seconds: z.number().int().min(1).max(3600).default(300),
          /** For 429, 5xx, timeouts and network errors, with exponential backoff. */
          max_retries: z.number().int().min(0).max(10).default(4),
        })
        .strict(),
      ScoreJobSchema,
    ),
  /** Asks a server which models it serves (GET /v1/models): checks the URL and the key. */
  listEndpointModels: () =>
    method(
      z
        .object({
          base_url: ScoringEndpointSchema.shape.base_url,
          api_key_env: EnvVarName.optional(),
        })
        .strict(),
      z.object({
        models: z.array(z.object({ id: z.string(), max_model_len: z.number().nullable() })),
        /** The kind of server it is, or null when it does not say. */
        server: z.enum(SERVER_PROFILES).nullable(),
      }),
    ),
} as const;
