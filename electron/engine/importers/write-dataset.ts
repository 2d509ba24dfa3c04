// Reads one planned dataset's files into the workspace, inside the import's transaction: every
// record is scoped by its file (source-scope.ts), redacted unless secrets are kept, and written;
// bad records abort or are listed, dropped content is listed.
import type { SkippedRecord } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import {
  recordErrorReason,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  type ReadProgress,
} from './canonical';
import type { DatasetWriter } from './dataset-writer';
import type { PlannedDataset } from './import-plan';
import type { ImportOptions, ImportProgress } from './run-import';
import { redactTrajectory, type Redaction } from './secrets/redact-trajectory';
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
  let bytesBefore = context.bytesBefore;
  let lastReport = 0;
  const refuse = (bad: SkippedRecord, details?: unknown): void => {
    if (options.onError === 'abort') {
      throw new TurnwiseError('invalid_input', `${bad.file}:${bad.line}: ${bad.reason}`, details);
    }
    context.skipped.push(bad);
  };
  for (const [index, entry] of dataset.entries.entries()) {
    const file = entry.file;
    const progress: ReadProgress = { bytesRead: 0 };
    const readContext = { progress, signal, options: options.formatOptions ?? {} };
    for await (const item of guardedRead(entry.reader as FormatReader, file.path, readContext)) {
      if (signal.aborted) break;
      if (item.kind === 'dropped') {
        context.dropped.push({ file: file.path, line: item.line, reason: item.reason });
        continue;
      }
      if (item.kind === 'error') {
        const bad = { file: file.path, line: item.line, reason: item.reason };
        refuse(bad, { skipped: [bad] });
        continue;
      }
      const ids = scopedIds(item.trajectory, scopes[index] ?? null);
      if (seen.has(ids.key)) {
        refuse({
          file: file.path,
          line: item.line,
          reason: `duplicate trajectory_id '${item.trajectory.source_id}' in this file`,
        });
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
        refuse({ file: file.path, line: item.line, reason });
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
        context.onProgress({
          done: bytesBefore + progress.bytesRead,
          total: context.totalBytes,
          unit: 'bytes',
          message: `${counts.trajectories} trajectories`,
        });
      }
    }
    bytesBefore += file.bytes + entry.companions.reduce((sum, c) => sum + c.bytes, 0);
  }
  return counts;
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
