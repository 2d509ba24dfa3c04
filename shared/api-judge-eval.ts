// The judge-evaluation methods of the API table (docs/judge.md); shared/api.ts spreads them into API.
// Approved counterexamples and all human labels form the suite a judge prompt version is measured
// against: accuracy, per-role precision/recall/F1, Cohen's kappa and the confusion matrix.
import * as z from 'zod';
import { Id, method } from './api-method';
import { RoleLabelSchema } from './api-review';
import { jobStateOf } from './job-kinds';
import { SegmentationNameSchema } from './segments';
import { ServerChoiceSchema } from './server-profiles';

/** Per-role and overall agreement of one labeler against a reference (human) labeling. */
export const AgreementReportSchema = z.object({
  /** Segments both labeled. */
  n: z.number(),
  accuracy: z.number().nullable(),
  kappa: z.number().nullable(),
  per_role: z.array(
    z.object({
      role: RoleLabelSchema,
      support: z.number(),
      precision: z.number().nullable(),
      recall: z.number().nullable(),
      f1: z.number().nullable(),
    }),
  ),
  /** confusion[i][j]: reference role i (ROLE_LABELS order), predicted role j. */
  confusion: z.array(z.array(z.number())),
});
export type AgreementReport = z.infer<typeof AgreementReportSchema>;

export const JudgeEvalSchema = z.object({
  prompt_version: z.string(),
  model: z.string().nullable(),
  segmentation: z.string(),
  /** Against the approved (and relabeled) counterexamples: the human decision is the truth. */
  counterexamples: AgreementReportSchema,
  /** Against every segment with a human label in force. */
  human_labeled: AgreementReportSchema,
  /** Regression inside successful trajectories, as the TRIAGE paper reports it. */
  regression_in_success: z.object({
    support: z.number(),
    precision: z.number().nullable(),
    recall: z.number().nullable(),
    f1: z.number().nullable(),
  }),
  /** Segments in the suite: counterexamples and human-labeled segments, each counted once. */
  suite_segments: z.number(),
  /** Suite segments without a label from this version (not yet judged, or failed). */
  unjudged: z.number(),
  /** What judging the unjudged suite segments did first; null when existing labels were scored. */
  judging: z
    .object({
      run_id: z.string(),
      segments: z.number(),
      labeled: z.number(),
      cached: z.number(),
      failed: z.number(),
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
    })
    .nullable(),
});
export type JudgeEval = z.infer<typeof JudgeEvalSchema>;

export const JudgeEvalRecordSchema = z.object({
  eval_id: z.string(),
  created_at: z.string(),
  result: JudgeEvalSchema,
});
export type JudgeEvalRecord = z.infer<typeof JudgeEvalRecordSchema>;

/** A 'evaluate' job, whose result is a JudgeEvalRecord. */
export const EvaluateJobSchema = jobStateOf('evaluate', JudgeEvalRecordSchema);

export const JUDGE_EVAL_API = {
  /** Finished evaluations, newest first; optionally of one prompt version. */
  listJudgeEvals: () =>
    method(
      z.object({ prompt_version: Id.optional() }).strict(),
      z.object({ evals: z.array(JudgeEvalRecordSchema) }),
    ),
  /**
   * Measures a judge prompt version against the suite (approved counterexamples and all human
   * labels); with an endpoint, judges the suite segments it has no label for first (an
   * 'evaluate' job whose result is the stored JudgeEvalRecord).
   */
  startJudgeEval: () =>
    method(
      z
        .object({
          prompt_version: Id,
          segmentation: SegmentationNameSchema.default('action'),
          /**
           * With an endpoint (and a model), the suite segments lacking this version's label are
           * judged first. Without one, only labels already written are scored: the model's if
           * given, else the newest label of any model for this version.
           */
          endpoint: z.string().url().max(2000).optional(),
          model: z.string().min(1).max(300).optional(),
          api_key_env: z
            .string()
            .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name')
            .optional(),
          concurrency: z.number().int().min(1).max(64).optional(),
          /** The kind of judge server (shared/server-profiles.ts); auto asks it. */
          server: ServerChoiceSchema.optional(),
        })
        .strict(),
      EvaluateJobSchema,
    ),
} as const;
