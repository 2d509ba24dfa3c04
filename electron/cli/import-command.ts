// turnwise import PATH... --db FILE [--format auto|NAME] [--dataset NAME] [--on-error abort|skip]
//   [--attach] [--keep-secrets] [--json]
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
import { printJson, usageFailure } from './output';
import { followJob } from './run-job';

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
    'keep-secrets': { type: 'boolean', default: false },
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
        keep_secrets: values['keep-secrets'] === true,
      },
      'import',
    );
    const final = await followJob(engine, job, 'import', values.json === true);
    const summary = final.result as ImportSummary;
    if (values.json) {
      printJson(summary);
      return;
    }
    console.log(
      `${attach ? 'Attached' : 'Imported'} ${summary.trajectories} trajectories (${summary.turns} turns, ${summary.actions} actions) ` +
        `as dataset '${summary.dataset}' (format ${summary.format}) in ${summary.seconds.toFixed(2)} s.`,
    );
    if (summary.secrets_redacted > 0) {
      console.log(
        `Redacted ${summary.secrets_redacted} secrets (API keys, tokens, private keys, passwords); ` +
          'the dataset page lists them by kind. --keep-secrets imports them as they are.',
      );
    } else if (summary.secrets === 'kept') {
      console.log('Secrets were kept as they are (--keep-secrets); exports still redact them.');
    }
    if (summary.skipped.length > 0) {
      console.log(`Skipped ${summary.skipped.length} bad records:`);
      for (const bad of summary.skipped) console.log(`  ${bad.file}:${bad.line}: ${bad.reason}`);
    }
  });
}
