// Runs and their lineage (docs/compare.md): a dataset marked as a run of a model or checkpoint, the
// exports recorded in the workspace, and which export a run was trained from, so the workspace
// holds the chain base run -> export -> checkpoint run -> export -> ...
import * as z from 'zod';
import { Empty, Id, method } from './api-method';

export const RUN_VERDICTS = ['kept', 'rolled_back'] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];

export const RunInfoSchema = z.object({
  dataset_id: z.string(),
  name: z.string(),
  /** Set on the run, else the model most of its rollouts name (`model_source` says which). */
  model: z.string().nullable(),
  model_source: z.enum(['set', 'data']).nullable(),
  checkpoint: z.string().nullable(),
  step: z.number().nullable(),
  notes: z.string().nullable(),
  /** The export this run's model was trained on (its manifest's export_id). */
  trained_from: z.string().nullable(),
  /** The run the export was made from, when that dataset is in the workspace. */
  parent: z.string().nullable(),
  verdict: z.enum(RUN_VERDICTS).nullable(),
  /** The run the researcher keeps as the current best. */
  best: z.boolean(),
  trajectories: z.number(),
  /** Tasks with a known outcome. */
  tasks: z.number(),
  success_rate: z.number().nullable(),
  mean_reward: z.number().nullable(),
});
export type RunInfo = z.infer<typeof RunInfoSchema>;

export const ExportRecordSchema = z.object({
  export_id: z.string(),
  target: z.string(),
  /** The export's directory as recorded (it may have moved since). */
  path: z.string(),
  /** Dataset ids the export was made from. */
  sources: z.array(z.string()),
  trajectories: z.number(),
  records: z.number(),
  /** Distinct task ids of the exported trajectories: what a run trained on it has seen. */
  tasks: z.number(),
  recorded_at: z.string(),
});
export type ExportRecord = z.infer<typeof ExportRecordSchema>;

const Text = z.string().max(2000);

export const RUNS_API = {
  /** Every dataset as a run, with the exports between them and the current best. */
  listRuns: () =>
    method(
      Empty,
      z.object({
        runs: z.array(RunInfoSchema),
        exports: z.array(ExportRecordSchema),
        best: z.string().nullable(),
      }),
    ),
  /**
   * Marks a dataset as a run: a field left out is unchanged, null clears it. `trained_from` is a
   * recorded export id or the path of an export directory or its turnwise-manifest.json.
   */
  setRun: () =>
    method(
      z
        .object({
          dataset_id: Id,
          model: Text.nullable().optional(),
          checkpoint: Text.nullable().optional(),
          step: z.number().int().min(0).nullable().optional(),
          notes: z.string().max(20_000).nullable().optional(),
          trained_from: z.string().min(1).max(4096).nullable().optional(),
        })
        .strict(),
      RunInfoSchema,
      { invalidates: ['listRuns', 'compareRuns', 'compareTask'] },
    ),
  /**
   * Kept: the run becomes the current best. Rolled back: the best returns to the run it was
   * trained from (its parent), or to none when that is unknown.
   */
  decideRun: () =>
    method(
      z.object({ dataset_id: Id, verdict: z.enum(RUN_VERDICTS) }).strict(),
      z.object({ best: z.string().nullable() }),
      { invalidates: ['listRuns'] },
    ),
} as const;
