// One import: plan the files (each file's format, or why it is left out: import-plan.ts), refuse
// content imported before, then write every dataset in a single transaction. A failure or a
// cancel leaves the workspace unchanged.
import type {
  ImportedDataset,
  ImportSummary,
  MappingSpec,
  SkippedFile,
  SkippedRecord,
} from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import type { Workspace } from '../store/workspace';
import type { FormatOptions } from '../chat/canonical';
import { DatasetWriter } from './dataset-writer';
import {
  clearImportedRows,
  replaceableDataset,
  restoreUserChanges,
  type ReplacedDataset,
} from './replace-dataset';
import { commonFolder, DatasetIdRow, freeDatasetId } from './dataset-naming';
import { planImport, planProblem, type PlannedDataset } from './import-plan';
import { contentSha256, type SourceFile } from './source-files';
import { forgetRepeatedTexts } from '../secrets/redact-trajectory';
import { writeDatasetRecords } from './write-dataset';

export interface ImportOptions {
  paths: string[];
  format: string;
  dataset?: string | undefined;
  onError: 'abort' | 'skip';
  formatOptions?: FormatOptions;
  /** A user mapping; when given it reads every file (format names it 'mapping...'). */
  mapping?: MappingSpec | undefined;
  /**
   * Store text as it is, secrets included (--keep-secrets); exports redact them unless asked to
   * keep them. A redacted dataset of the same content is replaced (replace-dataset.ts).
   */
  keepSecrets?: boolean;
}

export interface ImportProgress {
  done: number;
  total: number | null;
  unit: string;
  message: string;
}

/** A dataset's files in read order, each followed by the files its reader reads with it. */
function hashedFiles(dataset: PlannedDataset): SourceFile[] {
  return dataset.entries.flatMap((entry) => [entry.file, ...entry.companions]);
}

function bytesOf(files: SourceFile[]): number {
  return files.reduce((sum, file) => sum + file.bytes, 0);
}

/** Whether a dataset of the workspace has this size (or none recorded), so could be the same. */
async function sizeTaken(workspace: Workspace, bytes: number): Promise<boolean> {
  const rows = await workspace.queryAs(
    DatasetIdRow,
    'SELECT dataset_id FROM tw_datasets WHERE bytes = $1 OR bytes IS NULL LIMIT 1',
    [bytes],
  );
  return rows.length > 0;
}

/** A free id for each dataset, distinct from each other as well as from the workspace's. */
async function datasetIds(workspace: Workspace, datasets: PlannedDataset[]): Promise<string[]> {
  const ids: string[] = [];
  for (const dataset of datasets) {
    let id = await freeDatasetId(workspace, dataset.name);
    for (let n = 2; ids.includes(id); n += 1)
      id = await freeDatasetId(workspace, `${dataset.name}-${n}`);
    ids.push(id);
  }
  return ids;
}

export async function runImport(
  workspace: Workspace,
  options: ImportOptions,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportSummary> {
  try {
    return await importFiles(workspace, options, onProgress, signal);
  } finally {
    // Texts and tools kept to redact repeats are this import's; none outlive it on this thread.
    forgetRepeatedTexts();
  }
}

async function importFiles(
  workspace: Workspace,
  options: ImportOptions,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const started = performance.now();
  const plan = await planImport(options);
  const problem = planProblem(plan, options);
  if (problem) throw problem;
  const totalBytes = bytesOf(plan.datasets.flatMap(hashedFiles));

  // Content can equal a dataset's only if its size does: only then is the input fingerprinted
  // before reading, so a re-import fails at once. Otherwise the fingerprint (still stored) is
  // taken while the records are read, instead of reading every file twice in turn.
  let hashed = 0;
  /** Each dataset's fingerprint, or null where it is taken while reading. */
  const hashes: (string | null)[] = [];
  /** The dataset each one replaces (replace-dataset.ts), by index. */
  const replacing: (ReplacedDataset | null)[] = [];
  for (const [index, dataset] of plan.datasets.entries()) {
    const files = hashedFiles(dataset);
    if (!(await sizeTaken(workspace, bytesOf(files)))) {
      hashes.push(null);
      continue;
    }
    const sha256 = await contentSha256(
      files,
      (bytes) => {
        hashed += bytes;
        onProgress({ done: hashed, total: totalBytes, unit: 'bytes', message: 'fingerprinting' });
      },
      signal,
    );
    const [existing] = await workspace.queryAs(
      DatasetIdRow,
      'SELECT dataset_id FROM tw_datasets WHERE content_sha256 = $1',
      [sha256],
    );
    // The same content, redacted before, imported again to keep its secrets: it replaces that.
    const replaced =
      existing !== undefined && options.keepSecrets === true
        ? await replaceableDataset(workspace, sha256)
        : null;
    replacing[index] = replaced;
    if (existing !== undefined && replaced === null) {
      const what = plan.datasets.length === 1 ? options.paths.join(', ') : dataset.name;
      throw new TurnwiseError(
        'duplicate',
        `${what}: identical content was already imported as dataset '${existing.dataset_id}'`,
        { dataset_id: existing.dataset_id },
      );
    }
    hashes.push(sha256);
  }

  const ids = (await datasetIds(workspace, plan.datasets)).map(
    (id, index) => replacing[index]?.dataset_id ?? id,
  );
  const skipped: SkippedRecord[] = [];
  const dropped: SkippedRecord[] = [];
  const skippedFiles: SkippedFile[] = [...plan.skippedFiles];
  const made: ImportedDataset[] = [];
  let secretsRedacted = 0;
  await workspace.transaction(async (connection) => {
    let bytesBefore = 0;
    for (const [index, dataset] of plan.datasets.entries()) {
      const datasetId = ids[index] as string;
      const files = dataset.entries.map((entry) => entry.file);
      const replaced = replacing[index] ?? null;
      if (replaced !== null) await clearImportedRows(connection, datasetId);
      const writer = await DatasetWriter.open(connection);
      const sources = hashedFiles(dataset);
      const fingerprint = Promise.resolve(
        hashes[index] ?? contentSha256(sources, () => undefined, signal),
      );
      // Awaited at the end; a failed write must not leave its rejection unhandled meanwhile.
      fingerprint.catch(() => undefined);
      try {
        const before = skipped.length;
        const counts = await writeDatasetRecords(writer, datasetId, dataset, {
          options,
          signal,
          onProgress,
          totalBytes,
          bytesBefore,
          skipped,
          dropped,
        });
        bytesBefore += bytesOf(sources);
        if (signal.aborted)
          throw new TurnwiseError('cancelled', 'import cancelled; nothing was written');
        if (counts.trajectories === 0) {
          const bad = skipped.length - before;
          const reason = `no trajectories to import` + (bad > 0 ? ` (${bad} bad records)` : '');
          // With skip, a format whose files held only bad records is left out, not the rest.
          if (options.onError === 'skip' && plan.datasets.length > 1) {
            writer.discard();
            for (const file of files) skippedFiles.push({ file: file.path, reason });
            continue;
          }
          throw new TurnwiseError(
            'invalid_input',
            `${(plan.datasets.length === 1 ? options.paths : files.map((f) => f.path)).join(', ')}: ` +
              reason +
              (bad > 0 ? '' : ' (empty input)'),
            { skipped },
          );
        }
        const companions = dataset.entries.flatMap((entry) => entry.companions);
        await writer.finish({
          dataset_id: datasetId,
          name: replaced?.name ?? dataset.name,
          format: dataset.format,
          source_path: files.length === 1 ? (files[0]?.path ?? '') : commonFolder(files),
          content_sha256: await fingerprint,
          bytes: bytesOf(sources),
          secrets: options.keepSecrets === true ? 'kept' : 'redacted',
          options: {
            on_error: options.onError,
            files: files.map((file) => file.path),
            ...(companions.length > 0 ? { companion_files: companions.map((f) => f.path) } : {}),
            format_options: options.formatOptions ?? {},
            ...(options.mapping ? { mapping: options.mapping } : {}),
          },
        });
        if (replaced !== null) await restoreUserChanges(connection, datasetId);
        const { secrets_redacted: redacted, ...totals } = counts;
        made.push({
          dataset: datasetId,
          format: dataset.format,
          files: files.length,
          ...totals,
          ...(replaced !== null ? { replaced: true } : {}),
        });
        secretsRedacted += redacted;
      } catch (error) {
        writer.discard();
        throw error;
      }
    }
    if (made.length === 0) {
      throw new TurnwiseError(
        'invalid_input',
        `${options.paths.join(', ')}: no trajectories to import (${skipped.length} bad records)`,
        { skipped },
      );
    }
  });
  onProgress({ done: totalBytes, total: totalBytes, unit: 'bytes', message: 'done' });
  const total = (key: 'trajectories' | 'turns' | 'actions') =>
    made.reduce((sum, dataset) => sum + dataset[key], 0);
  return {
    dataset: made[0]?.dataset ?? '',
    format: made[0]?.format ?? '',
    datasets: made,
    trajectories: total('trajectories'),
    turns: total('turns'),
    actions: total('actions'),
    secrets_redacted: secretsRedacted,
    skipped,
    dropped,
    skipped_files: skippedFiles,
    secrets: options.keepSecrets === true ? 'kept' : 'redacted',
    seconds: Math.round(performance.now() - started) / 1000,
  };
}
