// Reads and prepares a dataset's records on worker threads (read-worker.ts), so parsing, the
// secret scan and serialising run beside the engine's thread, which only appends
// (docs/performance.md, Import). Files whose lines are records are read by several threads at
// once, each taking every n-th block of lines; the items are merged back into file and line
// order, so the result is the one the same generator gives on this thread (prepared-items.ts).
// Each thread has at most a few batches in flight: memory stays bounded however far the reading
// runs ahead of the writing.
import { Worker } from 'node:worker_threads';
import type { FormatOptions, MappingSpec } from '../../../shared/model';
import { TurnwiseError, type ApiError } from '../../../shared/result';
import { workerScript } from '../worker-script';
import type { LineShard } from './canonical';
import { unpackItems, type PackedItems } from './packed-items';
import type { DatasetReadProgress, PreparedItem } from './prepared-items';

/** A reader the worker can rebuild: a format of the registry, or a user mapping. */
export type ReaderRef = { format: string } | { mapping: MappingSpec; name: string };

export interface ReadWorkerData {
  entries: { file: string; reader: ReaderRef }[];
  formatOptions: FormatOptions;
  keepSecrets: boolean;
  shard?: LineShard;
}

/** Batches a worker may send before the engine's thread has taken the first of them. */
export const BATCHES_IN_FLIGHT = 3;

export type ReadWorkerMessage =
  | { type: 'batch'; items: PackedItems; progress: DatasetReadProgress }
  | { type: 'end'; progress: DatasetReadProgress }
  | { type: 'failed'; error: ApiError };

/** The engine's answer to a batch: room for one more. */
export type ReadWorkerRequest = { type: 'more' };

type Arrival = ReadWorkerMessage | { type: 'crashed'; error: TurnwiseError } | { type: 'aborted' };

/** One reading thread's items, taken one at a time. */
class WorkerItems {
  private readonly worker: Worker;
  private readonly arrivals: Arrival[] = [];
  private wake: (() => void) | null = null;
  private items: PreparedItem[] = [];
  private next = 0;
  private ended = false;
  progress: DatasetReadProgress = { entry: 0, bytesRead: 0 };

  constructor(
    private readonly data: ReadWorkerData,
    script: string | URL,
  ) {
    this.worker = new Worker(script, { workerData: data });
    this.worker.on('message', (message: ReadWorkerMessage) => this.arrive(message));
    this.worker.on('error', (error) => this.crashed(`the reading thread failed: ${error.message}`));
    this.worker.on('exit', (code) => this.crashed(`the reading thread ended (exit code ${code})`));
  }

  /** A thread that died rather than reported: the error names the file it had reached. */
  private crashed(reason: string): void {
    const file = this.data.entries[this.progress.entry]?.file;
    const where = file === undefined ? '' : `reading ${file}: `;
    this.arrive({ type: 'crashed', error: new TurnwiseError('internal', `${where}${reason}`) });
  }

  arrive(arrival: Arrival): void {
    this.arrivals.push(arrival);
    this.wake?.();
  }

  /** The next item, or null once the thread has read everything (or the import was aborted). */
  async take(): Promise<PreparedItem | null> {
    while (this.next >= this.items.length) {
      if (this.ended) return null;
      if (this.arrivals.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      const arrival = this.arrivals.shift() as Arrival;
      if (arrival.type === 'crashed') throw arrival.error;
      if (arrival.type === 'failed') {
        const { code, message, details } = arrival.error;
        throw new TurnwiseError(code, message, details);
      }
      if (arrival.type === 'aborted' || arrival.type === 'end') {
        this.ended = true;
        if (arrival.type === 'end') this.progress = arrival.progress;
        continue;
      }
      this.progress = arrival.progress;
      this.items = unpackItems(arrival.items);
      this.next = 0;
      this.worker.postMessage({ type: 'more' } satisfies ReadWorkerRequest);
    }
    return this.items[this.next++] ?? null;
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners();
    await this.worker.terminate();
  }
}

/** Whether `a` comes before `b` in the dataset: by file, then by line. */
function before(a: PreparedItem, b: PreparedItem): boolean {
  return a.entry < b.entry || (a.entry === b.entry && a.line < b.line);
}

/**
 * The prepared items of the entries, read by `threads` worker threads (shards of the files whose
 * lines are records; other files by the first thread). Leaving the loop early (an abort, an
 * error while writing) ends the threads: they have written nothing. `script` is the thread's
 * code (read-worker.ts; tests give one that fails).
 */
export async function* preparedInWorkers(
  data: ReadWorkerData,
  threads: number,
  progress: DatasetReadProgress,
  signal: AbortSignal,
  script: string | URL = workerScript('./importers/read-worker.ts', 'read-worker.js'),
): AsyncGenerator<PreparedItem> {
  const readers = Array.from(
    { length: threads },
    (_, index) =>
      new WorkerItems(threads > 1 ? { ...data, shard: { index, count: threads } } : data, script),
  );
  const onAbort = (): void => {
    for (const reader of readers) reader.arrive({ type: 'aborted' });
  };
  signal.addEventListener('abort', onAbort);
  try {
    const heads = await Promise.all(readers.map((reader) => reader.take()));
    for (;;) {
      let first = -1;
      heads.forEach((head, index) => {
        const current = first < 0 ? null : heads[first];
        if (head !== null && (current == null || before(head, current))) first = index;
      });
      if (first < 0 || signal.aborted) return;
      const reader = readers[first] as WorkerItems;
      Object.assign(progress, reader.progress);
      yield heads[first] as PreparedItem;
      heads[first] = await reader.take();
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    await Promise.all(readers.map((reader) => reader.close()));
  }
}
