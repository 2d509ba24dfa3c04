// Reads one planned dataset's files into the workspace, inside the import's transaction: every
// record is read and prepared (on a reading thread for large inputs: read-in-worker.ts), scoped by
// its file (source-scope.ts) and appended; bad records abort or are listed, dropped content is
// listed.
import type { SkippedRecord } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { skipBadRecordsDetails } from '../../shared/api-import';
import type { FormatReader } from '../chat/canonical';
import type { DatasetWriter } from './dataset-writer';
import type { PlannedDataset } from './import-plan';
import { preparedItems, type DatasetReadProgress, type PreparedItem } from './prepared-items';
import {
  preparedInWorkers,
  readThreads,
  readWorkerMinBytes,
  type ReaderRef,
} from './read-in-worker';
import { FORMATS } from './registry';
import type { ImportOptions, ImportProgress } from './run-import';
import { fileScopes, scopedIds } from './source-scope';

const PROGRESS_INTERVAL_MS = 200;

export interface DatasetCounts {
  trajectories: number;
  turns: number;
  actions: number;
  secrets_redacted: number;
}

export interface WriteContext {
  options: ImportOptions;
  signal: AbortSignal;
  onProgress: (progress: ImportProgress) => void;
  totalBytes: number;
  /** Bytes of the files read before this dataset's, for the progress. */
  bytesBefore: number;
  skipped: SkippedRecord[];
  dropped: SkippedRecord[];
}

/**
 * How a worker thread can rebuild the reader (with a mapping, the plan made every reader from it),
 * or null when it cannot (read here).
 */
function readerRef(reader: FormatReader, options: ImportOptions): ReaderRef | null {
  if (options.mapping !== undefined) return { mapping: options.mapping, name: reader.name };
  return FORMATS.includes(reader) ? { format: reader.name } : null;
}

/** The dataset's prepared records, read on a worker thread when the input is large. */
function datasetItems(
  dataset: PlannedDataset,
  options: ImportOptions,
  progress: DatasetReadProgress,
  signal: AbortSignal,
): AsyncGenerator<PreparedItem> {
  const entries = dataset.entries.map((entry) => ({
    file: entry.file.path,
    reader: entry.reader as FormatReader,
  }));
  const prepare = {
    formatOptions: options.formatOptions ?? {},
    keepSecrets: options.keepSecrets === true,
  };
  const bytes = dataset.entries.reduce((sum, entry) => sum + entry.file.bytes, 0);
  const refs = entries.map((entry) => readerRef(entry.reader, options));
  if (bytes < readWorkerMinBytes() || refs.some((ref) => ref === null)) {
    return preparedItems(entries, prepare, progress, signal);
  }
  const workerEntries = entries.map((entry, index) => ({
    file: entry.file,
    reader: refs[index] as ReaderRef,
  }));
  const sharded = entries.some((entry) => entry.reader.linesAreRecords?.(entry.file) === true);
  const threads = sharded ? readThreads() : 1;
  return preparedInWorkers({ entries: workerEntries, ...prepare }, threads, progress, signal);
}

/** Reads the dataset's files through the writer; the caller finishes or discards it. */
export async function writeDatasetRecords(
  writer: DatasetWriter,
  datasetId: string,
  dataset: PlannedDataset,
  context: WriteContext,
): Promise<DatasetCounts> {
  const { options, signal } = context;
  const counts = { trajectories: 0, turns: 0, actions: 0, secrets_redacted: 0 };
  const seen = new Set<string>();
  const scopes = fileScopes(dataset.entries.map((entry) => entry.file));
  // Bytes of the dataset's files before each entry's (its companions read with it).
  const entryStarts: number[] = [];
  let bytesBefore = context.bytesBefore;
  for (const entry of dataset.entries) {
    entryStarts.push(bytesBefore);
    bytesBefore += entry.file.bytes + entry.companions.reduce((sum, c) => sum + c.bytes, 0);
  }
  let lastReport = 0;
  const refuse = (bad: SkippedRecord, details: object = {}): void => {
    if (options.onError === 'abort') {
      throw new TurnwiseError(
        'invalid_input',
        `${bad.file}:${bad.line}: ${bad.reason}`,
        skipBadRecordsDetails(details),
      );
    }
    context.skipped.push(bad);
  };
  const progress: DatasetReadProgress = { entry: 0, bytesRead: 0 };
  for await (const item of datasetItems(dataset, options, progress, signal)) {
    if (signal.aborted) break;
    const file = dataset.entries[item.entry]?.file.path ?? '';
    if (item.kind === 'dropped') {
      context.dropped.push({ file, line: item.line, reason: item.reason });
      continue;
    }
    if (item.kind === 'error') {
      const bad = { file, line: item.line, reason: item.reason };
      refuse(bad, { skipped: [bad] });
      continue;
    }
    const ids = scopedIds(item.ids, scopes[item.entry] ?? null);
    if (seen.has(ids.key)) {
      refuse({
        file,
        line: item.line,
        reason: `duplicate trajectory_id '${item.ids.source_id}' in this file`,
      });
      continue;
    }
    if (item.kind === 'unprepared') {
      refuse({ file, line: item.line, reason: item.reason });
      continue;
    }
    const added = writer.add(
      datasetId,
      `${datasetId}:${ids.key}`,
      { source_id: item.ids.source_id, group_id: ids.group_id },
      item.prepared,
      `${file}:${item.line}`,
    );
    seen.add(ids.key);
    writer.flushIfFull();
    counts.trajectories += 1;
    counts.turns += added.turns;
    counts.actions += added.actions;
    for (const redaction of item.prepared.redactions) counts.secrets_redacted += redaction.count;
    const now = performance.now();
    if (now - lastReport > PROGRESS_INTERVAL_MS) {
      lastReport = now;
      context.onProgress({
        done: (entryStarts[progress.entry] ?? 0) + progress.bytesRead,
        total: context.totalBytes,
        unit: 'bytes',
        message: `${counts.trajectories} trajectories`,
      });
    }
  }
  return counts;
}
