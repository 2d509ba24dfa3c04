// turnwise label --db FILE --labeler judge --endpoint URL --model NAME [--dataset ID]
//   [--concurrency 4] [--api-key-env VAR] [--prompt-version V] [--limit N] [--json]
// The judge half of `turnwise label` (labels-command.ts parses the flags and calls this).
import { jobResult } from '../shared/job-result';
import type { JudgeSummary } from '../shared/api-judge';
import { SERVER_LABELS } from '../shared/server-profiles';
import { requireDb } from './args';
import { call, withEngine } from './call';
import { trustFlagEndpoints } from './flag-endpoints';
import { printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';
import { serverFlag } from './server-flag';

function text(values: Record<string, unknown>, flag: string): string | undefined {
  const value = values[flag];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '')
    throw usageFailure(`--${flag} needs a value`);
  return value;
}

function positiveInt(
  values: Record<string, unknown>,
  flag: string,
  max?: number,
): number | undefined {
  const value = text(values, flag);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (
    !/^[0-9]+$/.test(value) ||
    !Number.isSafeInteger(n) ||
    n < 1 ||
    (max !== undefined && n > max)
  ) {
    throw usageFailure(
      `--${flag} is a whole number from 1${max === undefined ? '' : ` to ${max}`}, not '${value}'`,
    );
  }
  return n;
}

function describeSummary(summary: JudgeSummary): string[] {
  const scope = summary.dataset_id === null ? 'all datasets' : `dataset '${summary.dataset_id}'`;
  const on = summary.server === undefined ? '' : ` on ${SERVER_LABELS[summary.server]}`;
  const lines = [
    `Judged ${summary.segments} segments of ${scope} as ${summary.source}${on}: ${summary.labeled} labels ` +
      `written, ${summary.cached} answers from the cache, ${summary.failed} failed.`,
    `Tokens: ${summary.prompt_tokens} in, ${summary.completion_tokens} out over ${summary.requests} ` +
      `requests in ${summary.seconds.toFixed(1)} s.`,
  ];
  const roles = Object.entries(summary.roles).sort(([a], [b]) => a.localeCompare(b));
  if (roles.length > 0)
    lines.push(`Roles: ${roles.map(([role, n]) => `${role} ${n}`).join(', ')}.`);
  if (summary.failures.length > 0) {
    lines.push(
      `Failures${summary.failed > summary.failures.length ? ` (first ${summary.failures.length})` : ''}:`,
    );
    for (const failure of summary.failures) {
      lines.push(`  ${failure.trajectory_id} segment ${failure.segment_index}: ${failure.reason}`);
    }
  }
  return lines;
}

export async function judgeLabelCommand(values: Record<string, unknown>): Promise<void> {
  const db = requireDb(values);
  const endpoint = text(values, 'endpoint');
  const model = text(values, 'model');
  if (endpoint === undefined || model === undefined) {
    throw usageFailure(
      '--labeler judge needs --endpoint URL (e.g. http://localhost:8000/v1) and --model NAME',
    );
  }
  const dataset = text(values, 'dataset');
  const apiKeyEnv = text(values, 'api-key-env');
  const promptVersion = text(values, 'prompt-version');
  const concurrency = positiveInt(values, 'concurrency', 64);
  const limit = positiveInt(values, 'limit');
  const server = serverFlag(values);
  const json = values.json === true;
  trustFlagEndpoints([endpoint]);

  await withEngine(db, false, async (engine) => {
    const job = await call(
      engine,
      'startJudge',
      {
        endpoint,
        model,
        ...(dataset === undefined ? {} : { dataset_id: dataset }),
        ...(apiKeyEnv === undefined ? {} : { api_key_env: apiKeyEnv }),
        ...(promptVersion === undefined ? {} : { prompt_version: promptVersion }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(limit === undefined ? {} : { limit }),
        ...(server === undefined ? {} : { server }),
      },
      'label',
    );
    // Progress on stderr; Ctrl-C cancels (in-flight requests are aborted, written labels kept).
    const final = await followJob(engine, job, 'label', json);
    const summary = jobResult(final, 'judge');
    if (json) printJson(summary);
    else printLine(describeSummary(summary).join('\n'));
  });
}
