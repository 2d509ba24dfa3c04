// turnwise credit --db FILE [options]: the option table is CREDIT_COMMAND; the parameters'
// defaults and choices are those of CreditParamsSchema.
import { jobResult } from '../shared/job-result';
import type { CreditStats } from '../shared/api-credit';
import {
  ADVANTAGE_VARIANTS,
  CreditParamsSchema,
  FAILURE_METHODS,
  STD_KINDS,
  STEP_AGGREGATIONS,
  TOKEN_AGGREGATIONS,
  type CreditParamsInput,
} from '../shared/credit';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { segmentationFor } from './segmentation-command';
import type { CommandSpec } from './command-spec';
import { printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';

const NUMBER_FLAGS = { lambda: 'lambda', beta: 'beta', eps: 'eps' } as const;
const CHOICE_FLAGS = {
  advantage: 'advantage',
  'token-agg': 'token_agg',
  'step-agg': 'step_agg',
  'failure-method': 'failure_method',
  std: 'std',
} as const;

function paramsFrom(values: Record<string, unknown>) {
  const raw: Record<string, unknown> = { whiten: values.whiten === true };
  for (const [flag, key] of Object.entries(NUMBER_FLAGS)) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number)) {
      throw usageFailure(`--${flag}: expected a number, got '${text}'`);
    }
    raw[key] = number;
  }
  for (const [flag, key] of Object.entries(CHOICE_FLAGS)) {
    if (typeof values[flag] === 'string') raw[key] = values[flag];
  }
  const parsed = CreditParamsSchema.safeParse(raw as CreditParamsInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    const flag = key.replaceAll('_', '-');
    throw usageFailure(`--${flag}: ${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data;
}

function describe(value: number | null, digits = 3): string {
  return value === null ? 'n/a' : value.toFixed(digits);
}

const DEFAULTS = CreditParamsSchema.parse({});

export const CREDIT_COMMAND: CommandSpec = {
  name: 'credit',
  summary: 'Compute turn credit (advantages, progress scores, failure steps) for the datasets.',
  usage: ['--db FILE [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'only this dataset (default: every dataset)' },
    {
      name: 'segmentation',
      value: 'action|turn|window:N|merge_identical',
      description: "how turns are grouped into segments (default: the dataset's, else action)",
    },
    {
      name: 'advantage',
      value: ADVANTAGE_VARIANTS.join('|'),
      description: 'the group advantage',
      applies: DEFAULTS.advantage,
    },
    {
      name: 'lambda',
      value: 'X',
      description: 'the TRIAGE mixing weight of the role bonus (0 to 1)',
      applies: String(DEFAULTS.lambda),
    },
    {
      name: 'beta',
      value: 'X',
      description: 'the progress-advantage beta',
      applies: String(DEFAULTS.beta),
    },
    {
      name: 'eps',
      value: 'X',
      description: 'the GRPO epsilon added to the standard deviation',
      applies: String(DEFAULTS.eps),
    },
    {
      name: 'token-agg',
      value: TOKEN_AGGREGATIONS.join('|'),
      description: 'how a segment aggregates its tokens',
      applies: DEFAULTS.token_agg,
    },
    {
      name: 'step-agg',
      value: STEP_AGGREGATIONS.join('|'),
      description: 'how a trajectory aggregates its steps',
      applies: DEFAULTS.step_agg,
    },
    {
      name: 'failure-method',
      value: FAILURE_METHODS.join('|'),
      description: 'how the failure step is found',
      applies: DEFAULTS.failure_method,
    },
    {
      name: 'std',
      value: STD_KINDS.join('|'),
      description: 'the group standard deviation: sample or population',
      applies: DEFAULTS.std,
    },
    { name: 'whiten', description: 'whiten the TRIAGE totals across the batch', default: false },
  ],
  run: creditCommand,
};

export async function creditCommand(args: string[]): Promise<void> {
  const { values } = parse(args, CREDIT_COMMAND);
  const db = requireDb(values);
  const params = paramsFrom(values);
  const dataset = typeof values.dataset === 'string' ? values.dataset : undefined;
  await withEngine(db, false, async (engine) => {
    const segmentation = await segmentationFor(engine, values.segmentation, dataset, 'credit');
    const job = await call(
      engine,
      'startCredit',
      {
        ...(dataset !== undefined ? { dataset_id: dataset } : {}),
        ...(segmentation !== undefined ? { segmentation } : {}),
        params,
      },
      'credit',
    );
    const final = await followJob(engine, job, 'credit', values.json === true);
    const summary = jobResult(final, 'credit');
    const datasets =
      dataset !== undefined
        ? [dataset]
        : (await call(engine, 'listDatasets', {}, 'credit')).datasets.map((d) => d.dataset_id);
    const stats: Record<string, CreditStats> = {};
    for (const id of datasets) {
      const { params: _params, ...rest } = await call(
        engine,
        'getCreditStats',
        { dataset_id: id, segmentation: summary.segmentation },
        'credit',
      );
      stats[id] = rest;
    }
    if (values.json) {
      printJson({ ...summary, datasets: stats });
      return;
    }
    printLine(
      `Credit for ${summary.trajectories} trajectories, ${summary.segments} segments ` +
        `(${summary.segments_with_progress} with log-probs; segmentation ${summary.segmentation}) ` +
        `in ${summary.seconds.toFixed(2)} s. Sign flips: ${summary.sign_flips}. Groups flagged: ` +
        `${summary.flagged_groups.singleton} singleton, ${summary.flagged_groups.zero_variance} ` +
        `zero-variance, ${summary.flagged_groups.no_rewards} without rewards.`,
    );
    for (const [id, s] of Object.entries(stats)) {
      printLine(
        `  ${id}: progress score AUROC vs success ${describe(s.auroc)}, Spearman vs reward ` +
          `${describe(s.spearman)}; failure step ${s.failure.evaluated} checked, accuracy ` +
          `${describe(s.failure.accuracy)}, mean abs error ${describe(s.failure.mean_abs_error_steps, 2)} steps`,
      );
    }
  });
}
