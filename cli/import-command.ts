// turnwise import PATH... --db FILE [options] (the option table is IMPORT_COMMAND), and
// turnwise formats, the formats an import reads.
import { jobResult } from '../shared/job-result';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { MappingSpecSchema, type FormatOptions, type MappingSpec } from '../shared/model';
import { describeJsonProblem, parseJsonText } from '../engine/text/json-syntax';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { TurnwiseError } from '../shared/result';
import { failureFrom, formatTable, printJson, printLine, usageFailure } from './output';
import { formatInfos } from '../engine/import/format-infos';
import { importErrorText, importReport } from './import-output';
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
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw usageFailure(`--mapping ${file}: ${(error as Error).message}`);
  }
  const json = parseJsonText(text);
  if (!json.ok) {
    throw usageFailure(`--mapping ${file}: not valid JSON (${describeJsonProblem(json.problem)})`);
  }
  const raw = json.value;
  const parsed = MappingSpecSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(spec)'}: ${i.message}`);
    throw usageFailure(`--mapping ${file}: ${issues.join('; ')}`);
  }
  return parsed.data;
}

export const IMPORT_COMMAND: CommandSpec = {
  name: 'import',
  summary: 'Import trajectory files (JSON lines, Parquet, a user mapping) into a workspace.',
  usage: ['PATH... --db FILE [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required; created if missing)' },
    {
      name: 'format',
      value: 'auto|NAME',
      description: 'the input format (turnwise formats lists them); later, mapping:NAME',
      default: 'auto',
    },
    { name: 'dataset', value: 'NAME', description: 'the dataset name (default: the file name)' },
    {
      name: 'on-error',
      value: 'abort|skip',
      description: 'what a bad record does: abort the import, or skip it and report it',
      default: 'abort',
    },
    { name: 'reward-field', value: 'PATH', description: 'the record field holding the reward' },
    { name: 'success-field', value: 'PATH', description: 'the record field holding success' },
    { name: 'task-field', value: 'PATH', description: 'the record field holding the task id' },
    { name: 'group-field', value: 'PATH', description: 'the record field holding the group id' },
    {
      name: 'report',
      value: 'FILE',
      description: 'a SWE-bench style results report, joined for resolution',
    },
    { name: 'mapping', value: 'SPEC.json', description: 'a user mapping of your own format' },
    {
      name: 'save-mapping',
      value: 'NAME',
      description: 'keep the --mapping in the workspace under NAME',
    },
    {
      name: 'attach',
      description: 'Parquet: read the files in place through views, copying only an index',
      default: false,
    },
    {
      name: 'trained-from',
      value: 'DIR|MANIFEST',
      description: "the export this run's model was trained on: its folder or manifest",
    },
    {
      name: 'keep-secrets',
      description:
        'store secrets found in the text (by default they are redacted); replaces a redacted ' +
        'import of the same content',
      default: false,
    },
  ],
  run: importCommand,
};

/** The export folder or manifest, read before anything is imported so a wrong path costs nothing. */
async function lineageFrom(value: unknown): Promise<string | undefined> {
  if (typeof value !== 'string') return undefined;
  try {
    const { readExportManifest } = await import('../engine/export/export-manifest');
    return (await readExportManifest(value)).dir;
  } catch (error) {
    if (error instanceof TurnwiseError) throw failureFrom('import --trained-from', error);
    throw error;
  }
}

export async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, IMPORT_COMMAND);
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

  const trainedFrom = await lineageFrom(values['trained-from']);
  if (!attach) await prewarmReading(positionals);

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
    const final = await followJob(engine, job, 'import', values.json === true, importErrorText);
    const summary = jobResult(final, 'import');
    if (trainedFrom !== undefined) {
      for (const made of summary.datasets) {
        const request = { dataset_id: made.dataset, trained_from: trainedFrom };
        await call(engine, 'setRun', request, 'import --trained-from');
      }
    }
    if (values.json) {
      printJson(summary);
      return;
    }
    for (const line of importReport(summary, attach)) printLine(line);
  });
}

/**
 * Starts the reading threads of an input large enough to be read on them (a folder counts as
 * one) while the workspace opens, rather than after it (docs/performance.md, Import).
 */
async function prewarmReading(paths: string[]): Promise<void> {
  const reading = await import('../engine/import/read-in-worker');
  let bytes = 0;
  for (const given of paths) {
    const info = await stat(given).catch(() => null);
    // A path that is not there fails the import later, with its own message.
    if (info === null) return;
    bytes += info.isDirectory() ? Infinity : info.size;
  }
  if (bytes >= reading.readWorkerMinBytes()) reading.prewarmReadingThreads(reading.readThreads());
}

export const FORMATS_COMMAND: CommandSpec = {
  name: 'formats',
  summary: 'List the import formats, their file extensions and the layouts each reads.',
  usage: ['[--json]'],
  options: [],
  run: formatsCommand,
};

export async function formatsCommand(args: string[]): Promise<void> {
  const { values } = parse(args, FORMATS_COMMAND);
  const formats = formatInfos();
  if (values.json) {
    printJson({ formats });
    return;
  }
  printLine(
    formatTable(
      ['name', 'extensions', 'description'],
      formats.map((f) => ({ ...f, extensions: f.extensions.join(' ') })),
      100,
    ),
  );
  // Each layout a reader accepts, with the harness versions or files it was checked against.
  const layouts = formats.flatMap((f) => f.layouts.map((l) => ({ format: f.name, ...l })));
  printLine(`\n${formatTable(['format', 'layout', 'checked'], layouts, 100)}`);
}
