// turnwise import PATH... --db FILE [--format auto|NAME] [--dataset NAME] [--on-error abort|skip]
//   [--attach] [--json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  MappingSpecSchema,
  type FormatOptions,
  type ImportSummary,
  type MappingSpec,
} from '../../shared/model';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { failureFrom, printJson, usageFailure } from './output';

function describeProgress(
  done: number,
  total: number | null,
  message: string,
  startedMs: number,
): string {
  const seconds = (performance.now() - startedMs) / 1000;
  const mb = done / 1e6;
  const rate = seconds > 0 ? mb / seconds : 0;
  const share = total ? ` ${((100 * done) / total).toFixed(0)}%` : '';
  const eta =
    total && rate > 0 ? `, ETA ${Math.max(0, (total - done) / 1e6 / rate).toFixed(0)} s` : '';
  return `${message}:${share} ${mb.toFixed(1)} MB, ${rate.toFixed(1)} MB/s${eta}`;
}

const FORMAT_OPTION_FLAGS = {
  'reward-field': 'reward_field',
  'success-field': 'success_field',
  'task-field': 'task_field',
  'group-field': 'group_field',
  report: 'report',
} as const;

function formatOptionsFrom(values: Record<string, unknown>): FormatOptions {
  const options: FormatOptions = {};
  for (const [flag, key] of Object.entries(FORMAT_OPTION_FLAGS)) {
    const value = values[flag];
    if (typeof value === 'string') options[key] = flag === 'report' ? path.resolve(value) : value;
  }
  return options;
}

/** A mapping spec file (JSON); checked here so a typo is reported against the file. */
function readMappingFile(file: string): MappingSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw usageFailure(`--mapping ${file}: ${(error as Error).message}`);
  }
  const parsed = MappingSpecSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(spec)'}: ${i.message}`);
    throw usageFailure(`--mapping ${file}: ${issues.join('; ')}`);
  }
  return parsed.data;
}

export async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, {
    db: { type: 'string' },
    format: { type: 'string', default: 'auto' },
    dataset: { type: 'string' },
    'on-error': { type: 'string', default: 'abort' },
    'reward-field': { type: 'string' },
    'success-field': { type: 'string' },
    'task-field': { type: 'string' },
    'group-field': { type: 'string' },
    report: { type: 'string' },
    mapping: { type: 'string' },
    'save-mapping': { type: 'string' },
    attach: { type: 'boolean', default: false },
  });
  const db = requireDb(values);
  if (positionals.length === 0) throw usageFailure('import needs at least one PATH');
  const onError = values['on-error'];
  if (onError !== 'abort' && onError !== 'skip') throw usageFailure('--on-error is abort or skip');

  const mapping = typeof values.mapping === 'string' ? readMappingFile(values.mapping) : undefined;
  const attach = values.attach === true;
  if (attach && mapping)
    throw usageFailure('--attach reads Parquet rows; it does not take --mapping');
  if (values['save-mapping'] !== undefined && mapping === undefined) {
    throw usageFailure('--save-mapping NAME goes with --mapping FILE');
  }

  await withEngine(db, false, async (engine) => {
    if (mapping && typeof values['save-mapping'] === 'string') {
      await call(engine, 'saveMapping', { name: values['save-mapping'], spec: mapping }, 'import');
    }
    const started = performance.now();
    const showProgress = process.stderr.isTTY && !values.json;
    const unsubscribe = engine.onJobEvent((job) => {
      if (showProgress && job.status === 'running') {
        const { done, total, message } = job.progress;
        process.stderr.write(`\r\x1b[K${describeProgress(done, total, message, started)}`);
      }
    });
    const job = await call(
      engine,
      'startImport',
      {
        paths: positionals,
        format: mapping ? 'mapping' : (values.format as string),
        ...(mapping ? { mapping } : {}),
        on_error: onError,
        format_options: formatOptionsFrom(values),
        ...(typeof values.dataset === 'string' ? { dataset: values.dataset } : {}),
        attach,
      },
      'import',
    );
    // Ctrl-C cancels the import; the transaction is rolled back, so nothing is half-written.
    const cancel = () => void engine.dispatch('cancelJob', { job_id: job.job_id });
    process.once('SIGINT', cancel);
    const final = await engine.waitForJob(job.job_id);
    process.off('SIGINT', cancel);
    unsubscribe();
    if (showProgress) process.stderr.write('\r\x1b[K');
    if (final.status !== 'succeeded' || final.error) {
      const error = final.error ?? {
        code: 'internal' as const,
        message: 'import ended without a result',
      };
      throw failureFrom('import', error);
    }
    const summary = final.result as ImportSummary;
    if (values.json) {
      printJson(summary);
      return;
    }
    console.log(
      `${attach ? 'Attached' : 'Imported'} ${summary.trajectories} trajectories (${summary.turns} turns, ${summary.actions} actions) ` +
        `as dataset '${summary.dataset}' (format ${summary.format}) in ${summary.seconds.toFixed(2)} s.`,
    );
    if (summary.skipped.length > 0) {
      console.log(`Skipped ${summary.skipped.length} bad records:`);
      for (const bad of summary.skipped) console.log(`  ${bad.file}:${bad.line}: ${bad.reason}`);
    }
  });
}
