// turnwise redactions --db FILE --dataset ID [--limit N]: what import-time redaction
// replaced in a dataset, by kind and field, and where (never the values: they were not stored).
import { numberOption, parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';

const STATE_LINE = {
  redacted: 'scanned and redacted at import',
  kept: 'kept as imported (--keep-secrets); exports redact them',
  unscanned: 'not scanned at import (attached or older); exports redact them',
} as const;

export const REDACTIONS_COMMAND: CommandSpec = {
  name: 'redactions',
  summary: 'List the secrets redacted at import in a dataset, by kind and field, and where.',
  usage: ['--db FILE --dataset ID [--limit N]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'dataset', value: 'ID', description: 'the dataset (required)' },
    { name: 'limit', value: 'N', description: 'list at most N places (1 to 1000)', applies: '200' },
  ],
  run: redactionsCommand,
};

export async function redactionsCommand(args: string[]): Promise<void> {
  const { values } = parse(args, REDACTIONS_COMMAND);
  const db = requireDb(values);
  const dataset = values.dataset;
  if (typeof dataset !== 'string') throw usageFailure('--dataset ID is required');
  const limit = numberOption(values.limit, '--limit', { min: 1, max: 1000 }, true);
  await withEngine(db, true, async (engine) => {
    const report = await call(
      engine,
      'listRedactions',
      { dataset_id: dataset, ...(limit === undefined ? {} : { limit }) },
      'redactions',
    );
    if (values.json) {
      printJson(report);
      return;
    }
    printLine(`Secrets in '${dataset}': ${STATE_LINE[report.secrets]}; ${report.total} redacted.`);
    if (report.total === 0) return;
    printLine(formatTable(['kind', 'field', 'count', 'trajectories'], report.by_kind));
    printLine(report.truncated ? `\nThe first ${report.places.length} places:` : '\nPlaces:');
    printLine(
      formatTable(['trajectory_id', 'turn_index', 'field', 'kind', 'count'], report.places),
    );
  });
}
