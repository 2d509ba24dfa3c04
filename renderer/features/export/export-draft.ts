// The Export screen's editable state (text fields stay text while typed) and its translation into
// the API's selection, validated by the API's own schema so the screen refuses exactly what the
// engine would, and can say which field is wrong.
import type { z } from 'zod';
import {
  ExportSelectionSchema,
  type COUNTEREXAMPLE_MODES,
  type CreditSource,
  type EXPORT_SECRETS_MODES,
  type ExportSelection,
  type ExportTarget,
  type REASONING_MODES,
  type TOP_K_ORDERS,
} from '../../../shared/api-export';
import type { TrajectoryFilter } from '../../../shared/trajectory-filter';
import { withoutUndefined } from '../../../shared/without-undefined';

export interface ExportDraft {
  target: ExportTarget;
  where: string;
  topK: string;
  topKBy: (typeof TOP_K_ORDERS)[number];
  maxPerTask: string;
  groupSuccessMin: string;
  groupSuccessMax: string;
  stratifyBins: string;
  counterexamples: (typeof COUNTEREXAMPLE_MODES)[number];
  weightSource: CreditSource;
  weightTransform: 'linear' | 'exp';
  weightScale: string;
  weightMin: string;
  weightMax: string;
  trainThreshold: string;
  trajectoryWeights: 'none' | 'drift';
  driftBeta: string;
  duplicateByWeight: boolean;
  trajectoryPairs: boolean;
  stepPairs: boolean;
  stepMinGap: string;
  maxPairsPerTask: string;
  preference: boolean;
  tokenizerPath: string;
  reasoning: (typeof REASONING_MODES)[number];
  groundTruth: string;
  /** `dataset`: each dataset's choice at import (the selection leaves `secrets` unset). */
  secrets: 'dataset' | (typeof EXPORT_SECRETS_MODES)[number];
}

/** The draft of a fresh Export screen: the API's defaults, shown as text. */
export function defaultDraft(target: ExportTarget = 'trl-sft'): ExportDraft {
  const d = ExportSelectionSchema.parse({ target });
  return {
    target,
    where: '',
    topK: '',
    topKBy: d.top_k_by,
    maxPerTask: '',
    groupSuccessMin: '',
    groupSuccessMax: '',
    stratifyBins: '',
    counterexamples: d.counterexamples,
    weightSource: d.weighting.source,
    weightTransform: d.weighting.transform,
    weightScale: String(d.weighting.scale),
    weightMin: String(d.weighting.min),
    weightMax: String(d.weighting.max),
    trainThreshold: String(d.weighting.train_threshold),
    trajectoryWeights: d.weighting.trajectory,
    driftBeta: String(d.weighting.drift_beta),
    duplicateByWeight: d.weighting.duplicate_by_weight,
    trajectoryPairs: d.pairs.trajectory,
    stepPairs: d.pairs.step,
    stepMinGap: String(d.pairs.min_gap),
    maxPairsPerTask: String(d.pairs.max_pairs_per_task),
    preference: d.preference,
    tokenizerPath: '',
    reasoning: d.reasoning,
    groundTruth: '',
    secrets: 'dataset',
  };
}

/** Empty text is "not set"; anything else must be a number (NaN makes the schema refuse it). */
function numberOrUnset(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** A field that always has a value: empty text is refused rather than read as 0. */
function required(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export type DraftResult =
  | { ok: true; selection: ExportSelection; input: z.input<typeof ExportSelectionSchema> }
  | { ok: false; problems: Record<string, string> };

/**
 * The selection a draft asks for. `input` is what goes over the API (unset options left out, so
 * the engine's defaults apply); `problems` maps a schema path like `weighting.min` to its message.
 */
export function draftSelection(filter: TrajectoryFilter, draft: ExportDraft): DraftResult {
  const where = draft.where.trim();
  const tokenizer = draft.tokenizerPath.trim();
  const groundTruth = draft.groundTruth.trim();
  const input = {
    target: draft.target,
    filter,
    ...withoutUndefined({
      where: where === '' ? undefined : where,
      top_k: numberOrUnset(draft.topK),
      max_per_task: numberOrUnset(draft.maxPerTask),
      group_success_min: numberOrUnset(draft.groupSuccessMin),
      group_success_max: numberOrUnset(draft.groupSuccessMax),
      stratify_bins: numberOrUnset(draft.stratifyBins),
      tokenizer_path: tokenizer === '' ? undefined : tokenizer,
      ground_truth: groundTruth === '' ? undefined : groundTruth,
      secrets: draft.secrets === 'dataset' ? undefined : draft.secrets,
    }),
    reasoning: draft.reasoning,
    top_k_by: draft.topKBy,
    counterexamples: draft.counterexamples,
    weighting: {
      source: draft.weightSource,
      transform: draft.weightTransform,
      scale: required(draft.weightScale),
      min: required(draft.weightMin),
      max: required(draft.weightMax),
      train_threshold: required(draft.trainThreshold),
      trajectory: draft.trajectoryWeights,
      drift_beta: required(draft.driftBeta),
      duplicate_by_weight: draft.duplicateByWeight,
    },
    pairs: {
      trajectory: draft.trajectoryPairs,
      step: draft.stepPairs,
      min_gap: required(draft.stepMinGap),
      max_pairs_per_task: required(draft.maxPairsPerTask),
    },
    preference: draft.preference,
  };
  const parsed = ExportSelectionSchema.safeParse(input);
  if (parsed.success) return { ok: true, selection: parsed.data, input };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const at = issue.path.join('.');
    problems[at] ??= issue.message;
  }
  return { ok: false, problems };
}
