// The records of one dataset's files, read and prepared in order (prepared-trajectory.ts). The
// same generator runs on the engine's thread for small inputs and on a reading thread for large
// ones (read-in-worker.ts), so both give the same items, errors and file:line reasons.
import { TurnwiseError } from '../../shared/result';
import type { FormatOptions } from '../../shared/model';
import {
  recordErrorReason,
  type FormatReader,
  type LineShard,
  type ReadContext,
  type ReadItem,
} from '../chat/canonical';
import { prepareTrajectory, type PreparedTrajectory } from './prepared-trajectory';
import type { SourceIds } from './source-scope';

export type PreparedItem =
  | {
      kind: 'trajectory';
      entry: number;
      line: number;
      ids: SourceIds;
      prepared: PreparedTrajectory;
    }
  /** Read, but redacting or serialising it failed: reported once the duplicate check passed. */
  | { kind: 'unprepared'; entry: number; line: number; ids: SourceIds; reason: string }
  | { kind: 'error'; entry: number; line: number; reason: string }
  | { kind: 'dropped'; entry: number; line: number; reason: string };

export interface ReadEntry {
  file: string;
  reader: FormatReader;
}

export interface PrepareOptions {
  formatOptions: FormatOptions;
  keepSecrets: boolean;
  /**
   * This thread's share of the reading: the lines of its blocks of files whose lines are records,
   * and (shard 0 alone) every other file whole.
   */
  shard?: LineShard | undefined;
}

/** Where the reading is: the entry being read and the bytes of its file consumed so far. */
export interface DatasetReadProgress {
  entry: number;
  bytesRead: number;
}

function sourceIds({ source_id, group_id, group_scope }: SourceIds): SourceIds {
  return group_scope === undefined ? { source_id, group_id } : { source_id, group_id, group_scope };
}

/** Reads every entry's file in turn; the progress object is updated as records are read. */
export async function* preparedItems(
  entries: readonly ReadEntry[],
  options: PrepareOptions,
  progress: DatasetReadProgress,
  signal: AbortSignal,
): AsyncGenerator<PreparedItem> {
  const { shard } = options;
  for (const [entry, { file, reader }] of entries.entries()) {
    const fileProgress = { bytesRead: 0 };
    progress.entry = entry;
    progress.bytesRead = 0;
    const sharded = shard !== undefined && reader.linesAreRecords?.(file) === true;
    if (shard !== undefined && !sharded && shard.index !== 0) continue;
    const context = {
      progress: fileProgress,
      signal,
      options: options.formatOptions,
      shard: sharded ? shard : undefined,
    };
    for await (const item of guardedRead(reader, file, context)) {
      progress.bytesRead = fileProgress.bytesRead;
      if (item.kind !== 'trajectory') {
        yield { ...item, entry };
        continue;
      }
      const ids = sourceIds(item.trajectory);
      let prepared: PreparedTrajectory;
      try {
        prepared = prepareTrajectory(item.trajectory, options.keepSecrets);
      } catch (error) {
        const reason = recordErrorReason(error);
        if (reason === null) throw error;
        yield { kind: 'unprepared', entry, line: item.line, ids, reason };
        continue;
      }
      yield { kind: 'trajectory', entry, line: item.line, ids, prepared };
    }
    progress.bytesRead = fileProgress.bytesRead;
  }
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
