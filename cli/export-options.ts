// The curation, weighting and pairing flags of `turnwise export`, turned into the selection's
// fields and checked by the API's own schema, so the CLI and the Export screen accept the same.
import {
  COUNTEREXAMPLE_MODES,
  CREDIT_SOURCES,
  EXPORT_TARGETS,
  ExportSelectionSchema,
  REASONING_MODES,
  EXPORT_SECRETS_MODES,
  PairingSchema,
  TOP_K_ORDERS,
  WeightingSchema,
  type ExportSelection,
  type ExportTarget,
} from '../shared/api-export';
import { withoutUndefined } from '../shared/without-undefined';
import type { OptionSpec } from './command-spec';
import { usageFailure } from './output';

// Defaults the API's schemas apply, shown in help from the schemas themselves.
const WEIGHTING = WeightingSchema.parse({});
const PAIRING = PairingSchema.parse({});
const SELECTION = ExportSelectionSchema.parse({ target: EXPORT_TARGETS[0] });

export const EXPORT_OPTION_FLAGS: readonly OptionSpec[] = [
  {
    name: 'counterexamples',
    value: COUNTEREXAMPLE_MODES.join('|'),
    description: 'trajectories with an approved counterexample: keep, drop or keep only them',
    applies: SELECTION.counterexamples,
  },
  {
    name: 'group-success-min',
    value: 'X',
    description: 'keep groups whose success rate is at least X (difficulty, 0 to 1)',
  },
  { name: 'group-success-max', value: 'X', description: 'and at most X' },
  { name: 'top-k', value: 'N', description: 'the best N trajectories per task' },
  {
    name: 'top-k-by',
    value: TOP_K_ORDERS.join('|'),
    description: 'the order for --top-k',
    applies: SELECTION.top_k_by,
  },
  {
    name: 'max-per-task',
    value: 'N',
    description: 'at most N trajectories per task, an even spread (by id hash)',
  },
  {
    name: 'stratify-bins',
    value: 'N',
    description: 'N difficulty bins (2 to 20), as many kept from each as the smallest holds',
  },
  {
    name: 'pairs',
    value: 'trajectory|step|trajectory,step',
    description: 'pair kinds for trl-dpo, trl-kto and llamafactory --preference',
    applies: 'trajectory',
  },
  {
    name: 'step-min-gap',
    value: 'X',
    description: 'the value gap a step pair needs (0 to 1)',
    applies: String(PAIRING.min_gap),
  },
  {
    name: 'max-pairs-per-task',
    value: 'N',
    description: 'trajectory pairs per task, at most',
    applies: String(PAIRING.max_pairs_per_task),
  },
  {
    name: 'preference',
    description: 'llamafactory: its ranking format (preference pairs)',
    default: false,
  },
  {
    name: 'weight-source',
    value: CREDIT_SOURCES.join('|'),
    description: 'the turn credit that weights turns',
    applies: WEIGHTING.source,
  },
  {
    name: 'weight-transform',
    value: 'linear|exp',
    description: 'how credit becomes a weight',
    applies: WEIGHTING.transform,
  },
  {
    name: 'weight-scale',
    value: 'X',
    description: 'the scale of the transform',
    applies: String(WEIGHTING.scale),
  },
  {
    name: 'weight-min',
    value: 'X',
    description: 'the lowest weight',
    applies: String(WEIGHTING.min),
  },
  {
    name: 'weight-max',
    value: 'X',
    description: 'the highest weight',
    applies: String(WEIGHTING.max),
  },
  {
    name: 'train-threshold',
    value: 'X',
    description: 'axolotl: a turn is trained when its credit is at least X',
    applies: String(WEIGHTING.train_threshold),
  },
  {
    name: 'trajectory-weights',
    value: 'none|drift',
    description: "per-trajectory weights: none, or DRIFT's softmax over rewards in a group",
    applies: WEIGHTING.trajectory,
  },
  {
    name: 'drift-beta',
    value: 'X',
    description: 'the DRIFT temperature (above 0, at most 100)',
    applies: String(WEIGHTING.drift_beta),
  },
  {
    name: 'duplicate-by-weight',
    description: 'write a record round(weight) times where the target has no weight field',
    default: false,
  },
  {
    name: 'tokenizer',
    value: 'PATH',
    description: 'tokens: a local tokenizer.json, for turns whose token ids are not stored',
  },
  {
    name: 'reasoning',
    value: REASONING_MODES.join('|'),
    description: "assistant reasoning: kept in each trainer's convention, or left out",
    applies: SELECTION.reasoning,
  },
  {
    name: 'ground-truth',
    value: 'FIELD',
    description: 'trl-grpo, verl-rl: the metadata field (a dot path) holding the reference answer',
  },
  {
    name: 'secrets',
    value: EXPORT_SECRETS_MODES.join('|'),
    description:
      "redact: re-scan every record; keep: write text as stored (default: each dataset's " +
      'choice: redacted ones as stored, kept ones re-scanned)',
  },
];

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
  reasoning: 'reasoning',
  ground_truth: 'ground-truth',
  secrets: 'secrets',
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
      reasoning: text(values, 'reasoning'),
      ground_truth: text(values, 'ground-truth'),
      secrets: text(values, 'secrets'),
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
