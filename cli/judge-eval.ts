// turnwise judge --db FILE eval --version ID [options] (judge-command.ts routes the subcommand
// here; the table is JUDGE_EVAL_COMMAND).
// Measures a judge prompt version against the suite (approved counterexamples and human labels):
// accuracy, Cohen's kappa, per-role precision/recall/F1 and regression-in-success F1. With an
// endpoint, the suite segments lacking this version's label are judged first.
import { jobResult } from '../shared/job-result';
import type { AgreementReport, JudgeEvalRecord } from '../shared/api-judge-eval';
import { SEGMENTATION_NAMES, parseSegmentation } from '../shared/segments';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { trustFlagEndpoints } from './flag-endpoints';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';
import { serverFlag, serverOption } from './server-flag';

function value(values: Record<string, unknown>, flag: string): string | undefined {
  const text = values[flag];
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || text.trim() === '') throw usageFailure(`--${flag} needs a value`);
  return text;
}

function number(x: number | null, digits = 3): string {
  return x === null ? '-' : x.toFixed(digits);
}

function reportRow(name: string, report: AgreementReport) {
  return {
    suite: name,
    n: report.n,
    accuracy: number(report.accuracy),
    kappa: number(report.kappa),
  };
}

function perRole(report: AgreementReport): string {
  return formatTable(
    ['role', 'support', 'precision', 'recall', 'F1'],
    report.per_role.map((r) => ({
      role: r.role,
      support: r.support,
      precision: number(r.precision),
      recall: number(r.recall),
      F1: number(r.f1),
    })),
  );
}

export function describeEval({ eval_id, result }: JudgeEvalRecord): string {
  const model = result.model === null ? 'any model' : result.model;
  const lines = [
    `Judge ${result.prompt_version} (${model}) on ${result.segmentation} segments: ` +
      `${result.suite_segments} in the suite, ${result.unjudged} without a label from it.`,
  ];
  if (result.judging !== null) {
    const j = result.judging;
    lines.push(
      `Judged ${j.segments} suite segments first: ${j.labeled} labels written, ${j.cached} from ` +
        `the cache, ${j.failed} failed (${j.prompt_tokens} tokens in, ${j.completion_tokens} out).`,
    );
  }
  const ris = result.regression_in_success;
  lines.push(
    '',
    formatTable(
      ['suite', 'n', 'accuracy', 'kappa'],
      [
        reportRow('approved counterexamples', result.counterexamples),
        reportRow('human-labeled segments', result.human_labeled),
      ],
    ),
    '',
    'Per role against human labels:',
    perRole(result.human_labeled),
    '',
    'Per role against approved counterexamples:',
    perRole(result.counterexamples),
    '',
    `Regression in successful trajectories: F1 ${number(ris.f1)} (precision ` +
      `${number(ris.precision)}, recall ${number(ris.recall)}, support ${ris.support}).`,
    `Stored as evaluation ${eval_id}.`,
  );
  return lines.join('\n');
}

async function evalCommand(values: Record<string, string | boolean | undefined>): Promise<void> {
  const db = requireDb(values);
  const version = value(values, 'version');
  if (version === undefined) throw usageFailure('judge eval needs --version ID (a prompt version)');
  const endpoint = value(values, 'endpoint');
  const model = value(values, 'model');
  if (endpoint !== undefined && model === undefined)
    throw usageFailure('--endpoint goes with --model NAME');
  const segmentation = value(values, 'segmentation');
  if (segmentation !== undefined && parseSegmentation(segmentation) === null)
    throw usageFailure(`--segmentation is ${SEGMENTATION_NAMES}, not '${segmentation}'`);
  const apiKeyEnv = value(values, 'api-key-env');
  const server = serverFlag(values);
  const concurrencyText = value(values, 'concurrency');
  const concurrency = concurrencyText === undefined ? undefined : Number(concurrencyText);
  if (
    concurrency !== undefined &&
    (!/^[0-9]+$/.test(concurrencyText ?? '') || concurrency < 1 || concurrency > 64)
  )
    throw usageFailure(`--concurrency is a whole number from 1 to 64, not '${concurrencyText}'`);
  if (
    endpoint === undefined &&
    (apiKeyEnv !== undefined || concurrency !== undefined || server !== undefined)
  )
    throw usageFailure('--api-key-env, --concurrency and --server go with --endpoint');
  const json = values.json === true;
  trustFlagEndpoints([endpoint]);

  await withEngine(db, false, async (engine) => {
    const job = await call(
      engine,
      'startJudgeEval',
      {
        prompt_version: version,
        ...(segmentation === undefined ? {} : { segmentation }),
        ...(endpoint === undefined ? {} : { endpoint }),
        ...(model === undefined ? {} : { model }),
        ...(apiKeyEnv === undefined ? {} : { api_key_env: apiKeyEnv }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(server === undefined ? {} : { server }),
      },
      'judge eval',
    );
    // Progress on stderr; Ctrl-C cancels (labels the judge wrote are kept, nothing is stored).
    const final = await followJob(engine, job, 'judge eval', json);
    const record = jobResult(final, 'evaluate');
    if (json) printJson({ eval_id: record.eval_id, ...record.result });
    else printLine(describeEval(record));
  });
}

const WITH_ENDPOINT = '(with --endpoint)';

export const JUDGE_EVAL_COMMAND: CommandSpec = {
  name: 'eval',
  summary:
    'Measure a prompt version against approved counterexamples and human labels: accuracy, ' +
    'per-role F1, kappa. With an endpoint, suite segments it has not labeled are judged first.',
  usage: ['--db FILE eval --version ID [--endpoint URL --model NAME] [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'version', value: 'ID', description: 'the prompt version (required)' },
    { name: 'endpoint', value: 'URL', description: 'an OpenAI-compatible endpoint to judge with' },
    { name: 'model', value: 'NAME', description: `the judge model ${WITH_ENDPOINT}` },
    {
      name: 'segmentation',
      value: 'action|turn|window:N|merge_identical',
      description: 'the segments to measure on',
      applies: 'action',
    },
    {
      name: 'api-key-env',
      value: 'VAR',
      description: `the environment variable holding the API key ${WITH_ENDPOINT}`,
    },
    {
      name: 'concurrency',
      value: 'N',
      description: `requests at once, 1 to 64 ${WITH_ENDPOINT}`,
    },
    serverOption(WITH_ENDPOINT),
  ],
  run: judgeEvalCommand,
};

export async function judgeEvalCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, JUDGE_EVAL_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  await evalCommand(values);
}
