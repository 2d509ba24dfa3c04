// The curation, weighting and pairing flags of `turnwise export`, turned into the selection's
// fields and checked by the API's own schema, so the CLI and the Export screen accept the same.
import {
  ExportSelectionSchema,
  type ExportSelection,
  type ExportTarget,
} from '../../shared/api-export';
import { withoutUndefined } from '../../shared/without-undefined';
import type { Options } from './args';
import { usageFailure } from './output';

export const EXPORT_OPTION_FLAGS: Options = {
  'top-k': { type: 'string' },
  'top-k-by': { type: 'string' },
  'max-per-task': { type: 'string' },
  'group-success-min': { type: 'string' },
  'group-success-max': { type: 'string' },
  'stratify-bins': { type: 'string' },
  counterexamples: { type: 'string' },
  'weight-source': { type: 'string' },
  'weight-transform': { type: 'string' },
  'weight-scale': { type: 'string' },
  'weight-min': { type: 'string' },
  'weight-max': { type: 'string' },
  'train-threshold': { type: 'string' },
  'trajectory-weights': { type: 'string' },
  'drift-beta': { type: 'string' },
  'duplicate-by-weight': { type: 'boolean', default: false },
  pairs: { type: 'string' },
  'step-min-gap': { type: 'string' },
  'max-pairs-per-task': { type: 'string' },
  preference: { type: 'boolean', default: false },
  tokenizer: { type: 'string' },
};

/** Schema path (joined by '.') to the flag that sets it, to name the flag in errors. */
const FLAG_OF_PATH: Record<string, string> = {
  top_k: 'top-k',
  top_k_by: 'top-k-by',
  max_per_task: 'max-per-task',
  group_success_min: 'group-success-min',
  group_success_max: 'group-success-max',
  stratify_bins: 'stratify-bins',
  counterexamples: 'counterexamples',
  'weighting.source': 'weight-source',
  'weighting.transform': 'weight-transform',
  'weighting.scale': 'weight-scale',
  'weighting.min': 'weight-min',
  'weighting.max': 'weight-max',
  'weighting.train_threshold': 'train-threshold',
  'weighting.trajectory': 'trajectory-weights',
  'weighting.drift_beta': 'drift-beta',
  'pairs.min_gap': 'step-min-gap',
  'pairs.max_pairs_per_task': 'max-pairs-per-task',
  tokenizer_path: 'tokenizer',
};

type Values = Record<string, string | boolean | undefined>;

function numberFlag(values: Values, flag: string): number | undefined {
  const text = values[flag];
  if (typeof text !== 'string') return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) {
    throw usageFailure(`--${flag}: expected a number, got '${text}'`);
  }
  return value;
}

function text(values: Values, flag: string): string | undefined {
  const value = values[flag];
  return typeof value === 'string' ? value : undefined;
}

/** `--pairs trajectory,step` (or `trajectory`, `step`) into the pairing switches. */
function pairKinds(values: Values): { trajectory: boolean; step: boolean } | undefined {
  const value = text(values, 'pairs');
  if (value === undefined) return undefined;
  const kinds = value.split(',').map((kind) => kind.trim());
  const unknown = kinds.filter((kind) => kind !== 'trajectory' && kind !== 'step');
  if (unknown.length > 0 || kinds.length === 0) {
    throw usageFailure(`--pairs: expected trajectory, step or trajectory,step; got '${value}'`);
  }
  return { trajectory: kinds.includes('trajectory'), step: kinds.includes('step') };
}

/** The selection fields the flags set, validated; `base` holds target, filter and where. */
export function exportSelectionOf(
  values: Values,
  base: { target: ExportTarget; filter: ExportSelection['filter']; where?: string },
): ExportSelection {
  const input = {
    ...base,
    ...withoutUndefined({
      top_k: numberFlag(values, 'top-k'),
      top_k_by: text(values, 'top-k-by'),
      max_per_task: numberFlag(values, 'max-per-task'),
      group_success_min: numberFlag(values, 'group-success-min'),
      group_success_max: numberFlag(values, 'group-success-max'),
      stratify_bins: numberFlag(values, 'stratify-bins'),
      counterexamples: text(values, 'counterexamples'),
      preference: values.preference === true ? true : undefined,
      tokenizer_path: text(values, 'tokenizer'),
    }),
    weighting: withoutUndefined({
      source: text(values, 'weight-source'),
      transform: text(values, 'weight-transform'),
      scale: numberFlag(values, 'weight-scale'),
      min: numberFlag(values, 'weight-min'),
      max: numberFlag(values, 'weight-max'),
      train_threshold: numberFlag(values, 'train-threshold'),
      trajectory: text(values, 'trajectory-weights'),
      drift_beta: numberFlag(values, 'drift-beta'),
      duplicate_by_weight: values['duplicate-by-weight'] === true ? true : undefined,
    }),
    pairs: withoutUndefined({
      ...pairKinds(values),
      min_gap: numberFlag(values, 'step-min-gap'),
      max_pairs_per_task: numberFlag(values, 'max-pairs-per-task'),
    }),
  };
  const parsed = ExportSelectionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = issue?.path.join('.') ?? '';
  const flag = FLAG_OF_PATH[at];
  throw usageFailure(`${flag === undefined ? at : `--${flag}`}: ${issue?.message ?? 'invalid'}`);
}
