// turnwise credit --db FILE [--dataset ID] [--segmentation action] [--advantage grpo|dr_grpo]
//   [--lambda 0.2] [--beta 1.0] [--token-agg mean] [--step-agg min] [--failure-method NAME]
//   [--std sample|population] [--eps 1e-6] [--whiten] [--json]
import type { CreditStats } from '../../shared/api-credit';
import { CreditParamsSchema, type CreditParamsInput } from '../../shared/credit';
import type { CreditSummary } from '../engine/credit/run-credit';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { printJson, usageFailure } from './output';
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

export async function creditCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {
    db: { type: 'string' },
    dataset: { type: 'string' },
    segmentation: { type: 'string', default: 'action' },
    advantage: { type: 'string' },
    lambda: { type: 'string' },
    beta: { type: 'string' },
    eps: { type: 'string' },
    'token-agg': { type: 'string' },
    'step-agg': { type: 'string' },
    'failure-method': { type: 'string' },
    std: { type: 'string' },
    whiten: { type: 'boolean', default: false },
  });
  const db = requireDb(values);
  const params = paramsFrom(values);
  const dataset = typeof values.dataset === 'string' ? values.dataset : undefined;
  await withEngine(db, false, async (engine) => {
    const job = await call(
      engine,
      'startCredit',
      {
        ...(dataset !== undefined ? { dataset_id: dataset } : {}),
        segmentation: String(values.segmentation),
        params,
      },
      'credit',
    );
    const final = await followJob(engine, job, 'credit', values.json === true);
    const summary = final.result as CreditSummary;
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
    console.log(
      `Credit for ${summary.trajectories} trajectories, ${summary.segments} segments ` +
        `(${summary.segments_with_progress} with log-probs; segmentation ${summary.segmentation}) ` +
        `in ${summary.seconds.toFixed(2)} s. Sign flips: ${summary.sign_flips}. Groups flagged: ` +
        `${summary.flagged_groups.singleton} singleton, ${summary.flagged_groups.zero_variance} ` +
        `zero-variance, ${summary.flagged_groups.no_rewards} without rewards.`,
    );
    for (const [id, s] of Object.entries(stats)) {
      console.log(
        `  ${id}: progress score AUROC vs success ${describe(s.auroc)}, Spearman vs reward ` +
          `${describe(s.spearman)}; failure step ${s.failure.evaluated} checked, accuracy ` +
          `${describe(s.failure.accuracy)}, mean abs error ${describe(s.failure.mean_abs_error_steps, 2)} steps`,
      );
    }
  });
}
