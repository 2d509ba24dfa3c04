// turnwise export --db FILE --target NAME --out DIR [options]: the options below and the
// curation, weighting and pairing flags of export-options.ts; the targets come from the registry.
import { jobResult } from '../shared/job-result';
import { readFileSync } from 'node:fs';
import { EXPORT_TARGETS, type ExportSummary } from '../shared/api-export';
import { EXPORT_TARGET_INFO } from '../shared/export-targets';
import {
  OUTCOME_FILTERS,
  TURN_ERROR_FILTERS,
  type OutcomeFilter,
  type TurnErrorFilter,
} from '../shared/trajectory-filter';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { segmentationFor } from './segmentation-command';
import type { CommandSpec } from './command-spec';
import { EXPORT_OPTION_FLAGS, exportSelectionOf } from './export-options';
import { printJson, printLine, usageFailure } from './output';
import { followJob } from './run-job';

const TARGET_WIDTH = Math.max(...EXPORT_TARGETS.map((target) => target.length)) + 2;

export const EXPORT_COMMAND: CommandSpec = {
  name: 'export',
  summary: `Write the selected trajectories as a training set for a trainer: ${EXPORT_TARGETS.join(', ')}.`,
  usage: ['--db FILE --target NAME --out DIR [options]'],
  options: [
    { name: 'db', value: 'FILE', description: 'the workspace (required)' },
    { name: 'target', value: 'NAME', description: 'one of the targets below (required)' },
    {
      name: 'out',
      value: 'DIR',
      description: 'the output folder (required); it must not exist or be empty',
    },
    {
      name: 'overwrite',
      description: 'replace a previous export in the output folder',
      default: false,
    },
    { name: 'dataset', value: 'NAME', description: 'only this dataset (its name or its id)' },
    {
      name: 'outcome',
      value: OUTCOME_FILTERS.join('|'),
      description: 'only trajectories with this outcome',
      default: 'any',
    },
    {
      name: 'segmentation',
      value: 'NAME',
      description:
        "the segmentation of credit, scores and step ranges (default: the dataset's, else action)",
    },
    {
      name: 'turn-error',
      value: `any|KIND`,
      description: `only trajectories with a turn error (turns.error) of any kind or of KIND: ${TURN_ERROR_FILTERS.slice(1).join(', ')}`,
    },
    { name: 'where', value: 'SQL', description: 'a condition on the trajectories view' },
    ...EXPORT_OPTION_FLAGS,
  ],
  details: [
    'Targets (docs/export.md):',
    ...EXPORT_TARGETS.map((target) => {
      const { title, files } = EXPORT_TARGET_INFO[target];
      return `  ${target.padEnd(TARGET_WIDTH)}${title}: ${files.join(', ')}`;
    }),
  ],
  run: exportCommand,
};

export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parse(args, EXPORT_COMMAND);
  const db = requireDb(values);
  const target = values.target;
  if (typeof target !== 'string' || !(EXPORT_TARGETS as readonly string[]).includes(target)) {
    throw usageFailure(`--target: expected one of ${EXPORT_TARGETS.join(', ')}`);
  }
  if (typeof values.out !== 'string' || values.out === '')
    throw usageFailure('--out DIR is required');
  const outcome = String(values.outcome);
  if (!(OUTCOME_FILTERS as readonly string[]).includes(outcome)) {
    throw usageFailure(`--outcome: expected one of ${OUTCOME_FILTERS.join(', ')}`);
  }
  const turnError = values['turn-error'];
  if (
    turnError !== undefined &&
    !(TURN_ERROR_FILTERS as readonly string[]).includes(String(turnError))
  ) {
    throw usageFailure(`--turn-error: expected one of ${TURN_ERROR_FILTERS.join(', ')}`);
  }
  await withEngine(db, false, async (engine) => {
    let datasetId: string | undefined;
    if (typeof values.dataset === 'string') {
      // --dataset takes the name users gave at import (the id is the same unless it was renamed).
      const { datasets } = await call(engine, 'listDatasets', {}, 'export');
      const found = datasets.find(
        (d) => d.name === values.dataset || d.dataset_id === values.dataset,
      );
      if (!found) throw usageFailure(`--dataset: no dataset named '${values.dataset}'`);
      datasetId = found.dataset_id;
    }
    const selection = exportSelectionOf(values, {
      target: target as (typeof EXPORT_TARGETS)[number],
      filter: {
        outcome: outcome as OutcomeFilter,
        segmentation:
          (await segmentationFor(engine, values.segmentation, datasetId, 'export')) ?? 'action',
        ...(datasetId !== undefined ? { dataset_id: datasetId } : {}),
        ...(turnError !== undefined ? { turn_error: turnError as TurnErrorFilter } : {}),
      },
      ...(typeof values.where === 'string' ? { where: values.where } : {}),
    });
    const job = await call(
      engine,
      'startExport',
      { ...selection, out_dir: values.out as string, overwrite: values.overwrite === true },
      'export',
    );
    const final = await followJob(engine, job, 'export', values.json === true);
    const summary = jobResult(final, 'export');
    if (values.json) {
      // docs/cli.md: {target, records, files: [path], manifest}; the manifest is its parsed content
      // (counts, skips, hashes), at <out>/turnwise-manifest.json.
      printJson({
        target: summary.target,
        records: summary.records,
        files: summary.files,
        manifest: JSON.parse(readFileSync(summary.manifest, 'utf8')) as unknown,
      });
      return;
    }
    const skipped = summary.skipped.map((s) => `${s.count} ${s.reason}`).join('; ');
    printLine(
      `Exported ${summary.records} ${summary.target} records from ${summary.trajectories} ` +
        `trajectories to ${summary.out_dir}${skipped === '' ? '' : ` (skipped: ${skipped})`}.`,
    );
    for (const l of summary.left_out) printLine(`  left out of records: ${l.count} ${l.reason}`);
    printLine(`  ${secretsLine(summary.secrets)}`);
    for (const file of [...summary.files, summary.manifest]) printLine(`  ${file}`);
  });
}

/** The export's word on secrets: what it re-scanned and redacted, or that it kept them. */
export function secretsLine(secrets: ExportSummary['secrets']): string {
  if (secrets.mode === 'keep') return 'secrets: kept as stored (--secrets keep), none redacted';
  const total = secrets.redacted.reduce((sum, kind) => sum + kind.count, 0);
  const kinds = secrets.redacted.map((kind) => `${kind.count} ${kind.kind}`).join(', ');
  const scanned =
    secrets.mode === 'redact'
      ? `re-scanned all ${secrets.scanned_trajectories} trajectories (--secrets redact)`
      : secrets.scanned_trajectories === 0
        ? 'every dataset was redacted at import, written as stored'
        : `re-scanned ${secrets.scanned_trajectories} trajectories of kept or unscanned datasets`;
  return `secrets: ${scanned}; ${total === 0 ? 'none redacted' : `redacted ${total} (${kinds})`}`;
}
