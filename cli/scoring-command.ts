// turnwise score --db FILE --policy-endpoint URL and/or --ref-endpoint URL [options]: the table
// is SCORE_COMMAND.
import type { ApiInput } from '../shared/api';
import { jobResult } from '../shared/job-result';
import {
  MAX_SCORING_CONCURRENCY,
  SCORING_RENDERINGS,
  type ScoringRendering,
  type ScoringSummary,
} from '../shared/api-scoring';
import { SERVER_LABELS, type ServerProfile } from '../shared/server-profiles';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { trustFlagEndpoints } from './flag-endpoints';
import type { CommandSpec } from './command-spec';
import { failureFrom, output, printJson, printLine, usageFailure } from './output';
import { serverFlag, serverOption } from './server-flag';

function integerFlag(value: unknown, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw usageFailure(`--${flag} is a whole number from ${min} to ${max}`);
  }
  return n;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The startScoring request the flags describe; bad combinations are usage errors (exit 2). */
export function scoringRequest(values: Record<string, unknown>): ApiInput<'startScoring'> {
  const apiKeyEnv = text(values['api-key-env']);
  const server = serverFlag(values);
  const endpoint = (side: 'policy' | 'ref') => {
    const url = text(values[`${side}-endpoint`]);
    const model = text(values[`${side}-model`]);
    if (url === undefined) {
      if (model !== undefined) throw usageFailure(`--${side}-model goes with --${side}-endpoint`);
      return undefined;
    }
    return {
      base_url: url,
      ...(model !== undefined ? { model } : {}),
      ...(apiKeyEnv !== undefined ? { api_key_env: apiKeyEnv } : {}),
      ...(server !== undefined ? { server } : {}),
    };
  };
  const policy = endpoint('policy');
  const ref = endpoint('ref');
  if (!policy && !ref) {
    throw usageFailure('give --policy-endpoint URL, --ref-endpoint URL or both');
  }
  const rendering = text(values.rendering) ?? 'chat_template';
  if (!(SCORING_RENDERINGS as readonly string[]).includes(rendering)) {
    throw usageFailure(`--rendering is ${SCORING_RENDERINGS.join(' or ')}`);
  }
  const dataset = text(values.dataset);
  const concurrency = integerFlag(values.concurrency, 'concurrency', 1, MAX_SCORING_CONCURRENCY);
  const timeout = integerFlag(values.timeout, 'timeout', 1, 3600);
  const retries = integerFlag(values.retries, 'retries', 0, 10);
  return {
    ...(policy ? { policy } : {}),
    ...(ref ? { ref } : {}),
    ...(dataset !== undefined ? { dataset_id: dataset } : {}),
    only_missing: values['only-missing'] === true,
    rendering: rendering as ScoringRendering,
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(timeout !== undefined ? { timeout_seconds: timeout } : {}),
    ...(retries !== undefined ? { max_retries: retries } : {}),
  };
}

function describe(summary: ScoringSummary): string[] {
  const on = (server: ServerProfile | null) =>
    server === null ? '' : ` on ${SERVER_LABELS[server]}`;
  const models = [
    summary.policy_model !== null
      ? `policy ${summary.policy_model}${on(summary.policy_server)}`
      : null,
    summary.ref_model !== null ? `reference ${summary.ref_model}${on(summary.ref_server)}` : null,
  ].filter((m) => m !== null);
  const lines = [
    `Scored ${summary.turns_scored} turns (${summary.tokens} tokens) in ${summary.scored_trajectories} ` +
      `of ${summary.trajectories} trajectories with ${models.join(' and ')} ` +
      `(${summary.rendering}) in ${summary.seconds.toFixed(1)} s.`,
  ];
  const notes = [
    summary.turns_already_scored > 0 ? `${summary.turns_already_scored} turns already scored` : '',
    summary.turns_in_files > 0
      ? `${summary.turns_in_files} turns with lists in attached files`
      : '',
    summary.turns_beyond_context > 0
      ? `${summary.turns_beyond_context} turns past the context length`
      : '',
    summary.per_turn_trajectories > 0
      ? `${summary.per_turn_trajectories} trajectories scored turn by turn (the chat template is not prefix-preserving)`
      : '',
  ].filter((note) => note !== '');
  if (notes.length > 0) lines.push(`Skipped: ${notes.join('; ')}.`);
  if (summary.failed_trajectories > 0) {
    lines.push(`${summary.failed_trajectories} trajectories failed:`);
    for (const failure of summary.failures)
      lines.push(`  ${failure.trajectory_id} (${failure.code}): ${failure.reason}`);
  }
  return lines;
}

export const SCORE_COMMAND: CommandSpec = {
  name: 'score',
  summary:
    'Score turns with token log-probs from a policy and/or a reference model server (vLLM, SGLang).',
  usage: ['--db FILE --policy-endpoint URL --ref-endpoint URL (either may be omitted) [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'policy-endpoint', value: 'URL', description: "the policy model's server" },
    { name: 'ref-endpoint', value: 'URL', description: "the reference model's server" },
    {
      name: 'policy-model',
      value: 'M',
      description: 'the policy model name (with --policy-endpoint)',
    },
    {
      name: 'ref-model',
      value: 'M',
      description: 'the reference model name (with --ref-endpoint)',
    },
    { name: 'dataset', value: 'ID', description: 'only this dataset (default: every dataset)' },
    {
      name: 'only-missing',
      description: 'skip turns already scored (resumes an interrupted run)',
      default: false,
    },
    {
      name: 'concurrency',
      value: 'N',
      description: `trajectories at once, 1 to ${MAX_SCORING_CONCURRENCY}`,
      applies: '4',
    },
    {
      name: 'api-key-env',
      value: 'VAR',
      description: 'the environment variable holding the API key',
    },
    {
      name: 'rendering',
      value: SCORING_RENDERINGS.join('|'),
      description: "the server's chat template, or Turnwise's fixed ChatML rendering",
      applies: 'chat_template',
    },
    {
      name: 'timeout',
      value: 'S',
      description: 'seconds per request, 1 to 3600',
      applies: '300',
    },
    { name: 'retries', value: 'N', description: 'retries per request, 0 to 10', applies: '4' },
    serverOption('(vllm and sglang can score)'),
  ],
  run: scoreCommand,
};

export async function scoreCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, SCORE_COMMAND);
  const db = requireDb(values);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const request = scoringRequest(values);
  trustFlagEndpoints([request.policy?.base_url, request.ref?.base_url]);

  await withEngine(db, false, async (engine) => {
    const streams = output();
    const showProgress = streams.stderrIsTTY && !values.json;
    const unsubscribe = engine.onJobEvent((job) => {
      if (showProgress && job.status === 'running' && job.kind === 'score') {
        const { done, total, message } = job.progress;
        streams.stderr(
          `\r\x1b[K${done}${total !== null ? `/${total}` : ''} trajectories: ${message}`,
        );
      }
    });
    const job = await call(engine, 'startScoring', request, 'score');
    // Ctrl-C cancels; trajectories already scored stay committed (--only-missing resumes).
    const cancel = () => void engine.dispatch('cancelJob', { job_id: job.job_id });
    process.once('SIGINT', cancel);
    const final = await engine.waitForJob(job.job_id);
    process.off('SIGINT', cancel);
    unsubscribe();
    if (showProgress) streams.stderr('\r\x1b[K');
    if (final.status !== 'succeeded' || final.error) {
      throw failureFrom(
        'score',
        final.error ?? { code: 'internal', message: 'score ended without a result' },
      );
    }
    const summary = jobResult(final, 'score');
    if (values.json) printJson(summary);
    else for (const line of describe(summary)) printLine(line);
  });
}
