// One import: resolve files, detect the format, refuse duplicate content, then write every
// trajectory in a single transaction. A failure or a cancel leaves the workspace unchanged.
import type { ImportSummary, MappingSpec, SkippedRecord } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import type { Workspace } from '../store/workspace';
import {
  recordErrorReason,
  type FormatOptions,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  type ReadProgress,
} from './canonical';
import { DatasetWriter } from './dataset-writer';
import { mappingReader } from './mapping';
import { detectFormat, formatByName } from './registry';
import { redactTrajectory, type Redaction } from './secrets/redact-trajectory';
import { commonFolder, defaultDatasetName, freeDatasetId } from './dataset-naming';
import { fileScopes, scopedIds } from './source-scope';
import { contentSha256, resolveSourceFiles, type SourceFile } from './source-files';

export interface ImportOptions {
  paths: string[];
  format: string;
  dataset?: string | undefined;
  onError: 'abort' | 'skip';
  formatOptions?: FormatOptions;
  /** A user mapping; when given it reads every file (format names it 'mapping...'). */
  mapping?: MappingSpec | undefined;
  /** Store text as it is, secrets included (--keep-secrets); exports still redact them. */
  keepSecrets?: boolean;
}

export interface ImportProgress {
  done: number;
  total: number | null;
  unit: string;
  message: string;
}

const PROGRESS_INTERVAL_MS = 200;

export async function runImport(
  workspace: Workspace,
  options: ImportOptions,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const started = performance.now();
  const files = await resolveSourceFiles(options.paths);
  const readers = options.mapping
    ? files.map(() => mappingReader(options.mapping as MappingSpec, options.format))
    : await chooseReaders(files, options.format);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);

  let hashed = 0;
  const sha256 = await contentSha256(
    files,
    (bytes) => {
      hashed += bytes;
      onProgress({ done: hashed, total: totalBytes, unit: 'bytes', message: 'fingerprinting' });
    },
    signal,
  );
  const existing = await workspace.query(
    'SELECT dataset_id FROM tw_datasets WHERE content_sha256 = $1',
    [sha256],
  );
  if (existing.length > 0) {
    throw new TurnwiseError(
      'duplicate',
      `${options.paths.join(', ')}: identical content was already imported as dataset '${String(existing[0]?.dataset_id)}'`,
      { dataset_id: existing[0]?.dataset_id },
    );
  }

  const name = options.dataset ?? defaultDatasetName(files);
  const datasetId = await freeDatasetId(workspace, name);
  const skipped: SkippedRecord[] = [];
  const dropped: SkippedRecord[] = [];
  const counts = { trajectories: 0, turns: 0, actions: 0, secrets_redacted: 0 };
  const seen = new Set<string>();
  const scopes = fileScopes(files);
  await workspace.transaction(async (connection) => {
    const writer = await DatasetWriter.open(connection);
    try {
      let bytesBefore = 0;
      let lastReport = 0;
      for (const [index, file] of files.entries()) {
        const progress: ReadProgress = { bytesRead: 0 };
        const reader = readers[index] as FormatReader;
        const context = { progress, signal, options: options.formatOptions ?? {} };
        for await (const item of guardedRead(reader, file.path, context)) {
          if (signal.aborted) break;
          if (item.kind === 'dropped') {
            dropped.push({ file: file.path, line: item.line, reason: item.reason });
            continue;
          }
          if (item.kind === 'error') {
            const bad = { file: file.path, line: item.line, reason: item.reason };
            if (options.onError === 'abort') {
              throw new TurnwiseError('invalid_input', `${bad.file}:${bad.line}: ${bad.reason}`, {
                skipped: [bad],
              });
            }
            skipped.push(bad);
            continue;
          }
          const ids = scopedIds(item.trajectory, scopes[index] ?? null);
          if (seen.has(ids.key)) {
            const bad = {
              file: file.path,
              line: item.line,
              reason: `duplicate trajectory_id '${item.trajectory.source_id}' in this file`,
            };
            if (options.onError === 'abort') {
              throw new TurnwiseError('invalid_input', `${bad.file}:${bad.line}: ${bad.reason}`);
            }
            skipped.push(bad);
            continue;
          }
          let added: { turns: number; actions: number };
          let redactions: Redaction[] = [];
          try {
            let trajectory = { ...item.trajectory, group_id: ids.group_id };
            if (options.keepSecrets !== true)
              ({ trajectory, redactions } = redactTrajectory(trajectory));
            added = writer.add(
              datasetId,
              `${datasetId}:${ids.key}`,
              trajectory,
              `${file.path}:${item.line}`,
              redactions,
            );
          } catch (error) {
            const reason = recordErrorReason(error);
            if (reason === null) throw error;
            const bad = { file: file.path, line: item.line, reason };
            if (options.onError === 'abort') {
              throw new TurnwiseError('invalid_input', `${bad.file}:${bad.line}: ${bad.reason}`);
            }
            skipped.push(bad);
            continue;
          }
          seen.add(ids.key);
          await writer.flushIfFull();
          counts.trajectories += 1;
          counts.turns += added.turns;
          counts.actions += added.actions;
          for (const redaction of redactions) counts.secrets_redacted += redaction.count;
          const now = performance.now();
          if (now - lastReport > PROGRESS_INTERVAL_MS) {
            lastReport = now;
            onProgress({
              done: bytesBefore + progress.bytesRead,
              total: totalBytes,
              unit: 'bytes',
              message: `${counts.trajectories} trajectories`,
            });
          }
        }
        bytesBefore += file.bytes;
      }
      if (signal.aborted)
        throw new TurnwiseError('cancelled', 'import cancelled; nothing was written');
      if (counts.trajectories === 0) {
        throw new TurnwiseError(
          'invalid_input',
          `${options.paths.join(', ')}: no trajectories to import` +
            (skipped.length > 0 ? ` (${skipped.length} bad records)` : ' (empty input)'),
          { skipped },
        );
      }
      await writer.finish({
        dataset_id: datasetId,
        name,
        format: [...new Set(readers.map((reader) => reader.name))].join('+'),
        source_path: files.length === 1 ? (files[0]?.path ?? '') : commonFolder(files),
        content_sha256: sha256,
        bytes: totalBytes,
        secrets: options.keepSecrets === true ? 'kept' : 'redacted',
        options: {
          on_error: options.onError,
          files: files.map((file) => file.path),
          format_options: options.formatOptions ?? {},
          ...(options.mapping ? { mapping: options.mapping } : {}),
        },
      });
    } catch (error) {
      writer.discard();
      throw error;
    }
  });
  onProgress({ done: totalBytes, total: totalBytes, unit: 'bytes', message: 'done' });
  return {
    dataset: datasetId,
    format: [...new Set(readers.map((reader) => reader.name))].join('+'),
    ...counts,
    skipped,
    dropped,
    secrets: options.keepSecrets === true ? 'kept' : 'redacted',
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

/** A reader's own failure (a corrupt .gz, an unreadable file) is reported against its file. */
async function* guardedRead(
  reader: FormatReader,
  file: string,
  context: ReadContext,
): AsyncIterable<ReadItem> {
  try {
    yield* reader.read(file, context);
  } catch (error) {
    if (error instanceof TurnwiseError) throw error;
    throw new TurnwiseError('io', `${file}: ${(error as Error).message ?? String(error)}`);
  }
}

async function chooseReaders(files: SourceFile[], format: string): Promise<FormatReader[]> {
  if (format !== 'auto') {
    const reader = formatByName(format);
    return files.map(() => reader);
  }
  return Promise.all(files.map((file) => detectFormat(file.path)));
}
