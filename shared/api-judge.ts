// The judge methods of the API table; shared/api.ts spreads them into API. The LLM judge labels
// segments with TRIAGE roles through any OpenAI-compatible chat endpoint (docs/credit.md, docs/judge.md).
import * as z from 'zod';
import { SERVER_PROFILES, ServerChoiceSchema } from './server-profiles';
import { Empty, Id, method } from './api-method';
import { jobStateOf } from './job-kinds';
import { ROLE_LABELS } from './model';
import { SegmentationNameSchema } from './segments';

/** The built-in prompt; every workspace has it. */
export const DEFAULT_JUDGE_PROMPT_VERSION = 'triage-judge/1';
export const DEFAULT_API_KEY_ENV = 'OPENAI_API_KEY';
export const DEFAULT_JUDGE_CONCURRENCY = 4;

/** What the judge must answer for one segment (validated; anything else is a failure). */
export const JudgeAnswerSchema = z.object({
  role: z.enum(ROLE_LABELS),
  rationale: z.string().min(1).max(4000),
  confidence: z.number().min(0).max(1),
});
export type JudgeAnswer = z.infer<typeof JudgeAnswerSchema>;

const PROMPT_NAME = /^[A-Za-z0-9._-]{1,80}$/;

export const JudgePromptSchema = z.object({
  /** `<name>/<n>`, e.g. triage-judge/2; immutable once created. */
  version_id: z.string(),
  parent_version: z.string().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type JudgePrompt = z.infer<typeof JudgePromptSchema>;

export const JudgeFailureSchema = z.object({
  trajectory_id: z.string(),
  segment_index: z.number(),
  reason: z.string(),
});

export const JudgeSummarySchema = z.object({
  run_id: z.string(),
  dataset_id: z.string().nullable(),
  prompt_version: z.string(),
  model: z.string(),
  /** The label source written: judge:<prompt version>@<model>. */
  source: z.string(),
  segmentation: z.string(),
  /** Segments in scope. */
  segments: z.number(),
  /** Labels appended by this run (segments already labeled by this source get none). */
  labeled: z.number(),
  /** Segments answered from the cache, without a request. */
  cached: z.number(),
  /** Segments without a valid answer; they get no label and are retried by the next run. */
  failed: z.number(),
  /** HTTP requests made, retries included. */
  requests: z.number(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  /** Answers per role (fresh and cached). */
  roles: z.record(z.string(), z.number()),
  /** The first failures, with their reasons. */
  failures: z.array(JudgeFailureSchema),
  seconds: z.number(),
  /** The kind of server judged with, as set or detected (absent in runs before it was kept). */
  server: z.enum(SERVER_PROFILES).optional(),
});
export type JudgeSummary = z.infer<typeof JudgeSummarySchema>;

/** A 'judge' job, whose result is a JudgeSummary. */
export const JudgeJobSchema = jobStateOf('judge', JudgeSummarySchema);

export const JudgeRunSchema = z.object({
  run_id: z.string(),
  dataset_id: z.string().nullable(),
  prompt_version: z.string(),
  model: z.string(),
  endpoint: z.string(),
  status: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  summary: JudgeSummarySchema.nullable(),
});
export type JudgeRun = z.infer<typeof JudgeRunSchema>;

const EndpointSchema = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://localhost:8000/v1' })
  .max(2000);

export const StartJudgeInputSchema = z
  .object({
    dataset_id: Id.optional(),
    trajectory_ids: z.array(Id).min(1).max(100_000).optional(),
    /** The API base (…/v1); a URL already ending in /chat/completions is used as is. */
    endpoint: EndpointSchema,
    model: z.string().min(1).max(300),
    /** The name of the environment variable holding the API key; the key is never stored. */
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name')
      .default(DEFAULT_API_KEY_ENV),
    concurrency: z.number().int().min(1).max(64).default(DEFAULT_JUDGE_CONCURRENCY),
    /** Omitted: the version in use (getActiveJudgePrompt), resolved by the handler. */
    prompt_version: Id.optional(),
    /** Judge only the first N trajectories (by trajectory_id) that have segments. */
    limit: z.number().int().min(1).optional(),
    segmentation: SegmentationNameSchema.default('action'),
    /** Per request, retries excluded. */
    timeout_ms: z.number().int().min(1000).max(600_000).default(120_000),
    /** Retries of a request after 429, 5xx, timeouts and network errors. */
    max_retries: z.number().int().min(0).max(10).default(4),
    /** The kind of server (shared/server-profiles.ts); auto (the default) asks it. */
    server: ServerChoiceSchema.optional(),
  })
  .strict();

/** The prompt version in use: the default for new judge runs (kept in the workspace). */
export const ActiveJudgePromptSchema = z.object({
  version_id: z.string(),
  /** When it was chosen; null while the built-in default has never been replaced. */
  set_at: z.string().nullable(),
  /** The version in use before it, for a one-step rollback; null if none. */
  previous_version: z.string().nullable(),
});
export type ActiveJudgePrompt = z.infer<typeof ActiveJudgePromptSchema>;

export const JUDGE_API = {
  /** Prompt versions, oldest first; the built-in default is always there. */
  listJudgePrompts: () => method(Empty, z.object({ prompts: z.array(JudgePromptSchema) })),
  /**
   * A new prompt version: `<name>/<next n>`, the name taken from the parent unless given. The
   * same text as an existing version of that name returns that version.
   */
  createJudgePrompt: () =>
    method(
      z
        .object({
          parent_version: Id.nullable(),
          text: z.string().trim().min(1).max(100_000),
          name: z
            .string()
            .regex(PROMPT_NAME, 'letters, digits, dot, dash and underscore (1-80)')
            .optional(),
        })
        .strict(),
      JudgePromptSchema,
      { invalidates: ['listJudgePrompts'] },
    ),
  /** The prompt version in use (the built-in default until another is chosen). */
  getActiveJudgePrompt: () => method(Empty, ActiveJudgePromptSchema),
  /** Puts a prompt version in use (keep it, or roll back to an earlier one). */
  setActiveJudgePrompt: () =>
    method(z.object({ version_id: Id }).strict(), ActiveJudgePromptSchema, {
      invalidates: ['getActiveJudgePrompt'],
    }),
  /** Labels the segments in scope with the judge (a 'judge' job; its result is a JudgeSummary). */
  startJudge: () => method(StartJudgeInputSchema, JudgeJobSchema),
  /** Finished judge runs, newest first. */
  listJudgeRuns: () =>
    method(
      z.object({ dataset_id: Id.optional() }).strict(),
      z.object({ runs: z.array(JudgeRunSchema) }),
    ),
} as const;
