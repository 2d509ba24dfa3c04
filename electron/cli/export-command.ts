// turnwise export --db FILE --target NAME --out DIR [--dataset NAME] [--where SQL]
//   [--outcome any|success|failure|unknown] [--segmentation action] [--overwrite] [--json]
//   and the curation, weighting and pairing flags of export-options.ts.
import { readFileSync } from 'node:fs';
import { EXPORT_TARGETS, type ExportSummary } from '../../shared/api-export';
import { OUTCOME_FILTERS, type OutcomeFilter } from '../../shared/trajectory-filter';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import { EXPORT_OPTION_FLAGS, exportSelectionOf } from './export-options';
import { printJson, usageFailure } from './output';
import { followJob } from './run-job';

export async function exportCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {
    db: { type: 'string' },
    target: { type: 'string' },
    out: { type: 'string' },
    dataset: { type: 'string' },
    where: { type: 'string' },
    ...EXPORT_OPTION_FLAGS,
    outcome: { type: 'string', default: 'any' },
    segmentation: { type: 'string', default: 'action' },
    overwrite: { type: 'boolean', default: false },
  });
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
        segmentation: String(values.segmentation),
        ...(datasetId !== undefined ? { dataset_id: datasetId } : {}),
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
    const summary = final.result as ExportSummary;
    if (values.json) {
      // DESIGN s7: {target, records, files: [path], manifest}; the manifest is its parsed content
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
    console.log(
      `Exported ${summary.records} ${summary.target} records from ${summary.trajectories} ` +
        `trajectories to ${summary.out_dir}${skipped === '' ? '' : ` (skipped: ${skipped})`}.`,
    );
    for (const file of [...summary.files, summary.manifest]) console.log(`  ${file}`);
  });
}
