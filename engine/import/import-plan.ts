// What an import does with each file it is given, decided before any file is read in full: the
// format that reads it, or why it is left out. Each file is detected on its own; a file found in
// a folder that is not trajectories (a README, a SOURCE.txt, a predictions file) is skipped and
// listed, while a file named by the user must be readable. Files of one format make one dataset;
// a folder of several formats makes one dataset per format. The import (run-import.ts) and its
// preview (preview-import.ts) share this plan, so the preview shows what the import will do.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { chooseFormatDetails } from '../../shared/api-import';
import type { MappingSpec, SkippedFile } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import type { FormatReader } from '../chat/canonical';
import { commonFolder, defaultDatasetName } from './dataset-naming';
import { mappingReader } from './mapping';
import { detectFile, FORMATS, formatByName, formatsFor, type FormatScore } from './registry';
import { resolveSourceFiles, type SourceFile } from './source-files';

export interface PlanOptions {
  paths: string[];
  format: string;
  dataset?: string | undefined;
  mapping?: MappingSpec | undefined;
  onError: 'abort' | 'skip';
}

export interface PlanEntry {
  file: SourceFile;
  status: 'import' | 'skip' | 'error' | 'companion';
  reader: FormatReader | null;
  /** Why it is skipped or stops the import; for a companion, the file it is read with. */
  reason: string | null;
  /** Details of the error a status 'error' raises (the formats to choose from). */
  details?: unknown;
  /** Every reader's score (auto-detection only). */
  scores: FormatScore[];
  /** Files its reader reads along with it (tau2's simulations/), hashed with it. */
  companions: SourceFile[];
}

export interface PlannedDataset {
  name: string;
  format: string;
  entries: PlanEntry[];
}

export interface ImportPlan {
  /** Every file given, in order. */
  entries: PlanEntry[];
  datasets: PlannedDataset[];
  skippedFiles: SkippedFile[];
}

const JSON_NAMES = /\.(json|jsonl|ndjson)(\.gz|\.zst)?$/i;

/** A chosen format reads a folder's files with its own extensions; the others are left out. */
function extensionMismatch(reader: FormatReader, file: string): string | null {
  const name = file.toLowerCase();
  if (reader.extensions.length === 0) {
    return JSON_NAMES.test(name) ? null : 'not a .json or .jsonl file, which a mapping reads';
  }
  if (reader.extensions.some((ext) => name.endsWith(ext.toLowerCase()))) return null;
  return `not a ${reader.extensions.join(', ')} file, which format ${reader.name} reads`;
}

async function entryFor(file: SourceFile, options: PlanOptions): Promise<PlanEntry> {
  const entry: PlanEntry = {
    file,
    status: 'import',
    reader: null,
    reason: null,
    scores: [],
    companions: [],
  };
  if (options.mapping !== undefined || options.format !== 'auto') {
    const reader = options.mapping
      ? mappingReader(options.mapping, options.format)
      : formatByName(options.format);
    const mismatch = file.inFolder === true ? extensionMismatch(reader, file.path) : null;
    return mismatch === null
      ? { ...entry, reader }
      : { ...entry, status: 'skip', reason: mismatch };
  }
  const detection = await detectFile(file.path);
  if (detection.ok) return { ...entry, reader: detection.reader, scores: detection.scores };
  // A stray file in a folder is left out; an ambiguous one too when bad records are skipped.
  const leftOut = file.inFolder === true && (!detection.ambiguous || options.onError === 'skip');
  return {
    ...entry,
    status: leftOut ? 'skip' : 'error',
    reason: detection.reason,
    scores: detection.scores,
    details: chooseFormatDetails(formatsFor(detection), file.inFolder === true),
  };
}

/** Takes the files a reader reads along with another out of the plan's own inputs. */
async function attachCompanions(entries: PlanEntry[]): Promise<void> {
  const byPath = new Map(entries.map((entry) => [entry.file.path, entry]));
  const root = commonFolder(entries.map((entry) => entry.file));
  for (const entry of entries) {
    if (entry.status !== 'import' || entry.reader?.companionFiles === undefined) continue;
    for (const companion of await entry.reader.companionFiles(entry.file.path)) {
      const other = byPath.get(companion);
      if (other === entry) continue;
      if (other === undefined) {
        entry.companions.push({ path: companion, bytes: (await stat(companion)).size });
        continue;
      }
      Object.assign(other, {
        status: 'companion',
        reader: null,
        reason: `read with ${path.relative(root, entry.file.path) || entry.file.path}`,
      });
      entry.companions.push(other.file);
    }
  }
}

export async function planImport(options: PlanOptions): Promise<ImportPlan> {
  // Pipes, sockets and devices found in a folder are listed as skipped, never opened.
  const specials: PlanEntry[] = [];
  const files = await resolveSourceFiles(options.paths, (file, reason) =>
    specials.push({
      file: { path: file, bytes: 0, inFolder: true },
      status: 'skip',
      reader: null,
      reason,
      scores: [],
      companions: [],
    }),
  );
  const entries: PlanEntry[] = [];
  for (const file of files) entries.push(await entryFor(file, options));
  entries.push(...specials);
  await attachCompanions(entries);

  const byFormat = new Map<string, PlanEntry[]>();
  for (const entry of entries) {
    if (entry.status !== 'import' || entry.reader === null) continue;
    const group = byFormat.get(entry.reader.name) ?? [];
    group.push(entry);
    byFormat.set(entry.reader.name, group);
  }
  const base = options.dataset ?? defaultDatasetName(files);
  const datasets = [...byFormat].map(([format, group]) => ({
    name: byFormat.size === 1 ? base : `${base}-${format.replace(/:/g, '-')}`,
    format,
    entries: group,
  }));
  const skippedFiles = entries
    .filter((entry) => entry.status === 'skip')
    .map((entry) => ({ file: entry.file.path, reason: entry.reason ?? 'skipped' }));
  return { entries, datasets, skippedFiles };
}

/** Why the plan cannot be imported (a file that must be read cannot be), or null. */
export function planProblem(plan: ImportPlan, options: PlanOptions): TurnwiseError | null {
  const failed = plan.entries.find((entry) => entry.status === 'error');
  if (failed) {
    return new TurnwiseError(
      'invalid_input',
      `${failed.file.path}: ${failed.reason ?? 'cannot be read'}`,
      failed.details,
    );
  }
  if (plan.datasets.length > 0) return null;
  const listed = plan.skippedFiles
    .slice(0, 5)
    .map((skipped) => `${path.basename(skipped.file)}: ${skipped.reason}`)
    .join('; ');
  const more = plan.skippedFiles.length > 5 ? `; ${plan.skippedFiles.length - 5} more` : '';
  return new TurnwiseError(
    'invalid_input',
    `${options.paths.join(', ')}: no trajectory files among ${plan.entries.length} ` +
      `(${listed}${more})`,
    {
      ...chooseFormatDetails(FORMATS.map((format) => format.name)),
      skipped_files: plan.skippedFiles,
    },
  );
}
