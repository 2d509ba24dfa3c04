// Reads and prepares a dataset's records on worker threads (read-worker.ts), so parsing, the
// secret scan and serialising run beside the engine's thread, which only appends
// (docs/performance.md, Import). Files whose lines are records are read by several threads at
// once, each taking every n-th block of lines; the items are merged back into file and line
// order, so the result is the one the same generator gives on this thread (prepared-items.ts).
// Each thread has at most a few batches in flight: memory stays bounded however far the reading
// runs ahead of the writing.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FormatOptions, MappingSpec } from '../../shared/model';
import { TurnwiseError, type ApiError } from '../../shared/result';
import { workerScript } from '../core/worker-script';
import type { LineShard } from '../chat/canonical';
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

/** The thread's data, sent once it is taken for an import; then, per batch, room for one more. */
export type ReadWorkerRequest = { type: 'start'; data: ReadWorkerData } | { type: 'more' };

/**
 * Inputs at least this large are read on a worker thread; below it, starting the thread costs
 * more than it saves. TURNWISE_READ_WORKER_MIN_BYTES overrides it (the tests use 0).
 */
export function readWorkerMinBytes(): number {
  const configured = Number(process.env.TURNWISE_READ_WORKER_MIN_BYTES);
  return process.env.TURNWISE_READ_WORKER_MIN_BYTES !== undefined && configured >= 0
    ? configured
    : 8 << 20;
}

/**
 * Reading threads for files whose lines are records: one core is left to the engine's thread,
 * which appends (on 2 cores a second reader only competes with it: docs/performance.md).
 * TURNWISE_READ_THREADS overrides it.
 */
export function readThreads(): number {
  const configured = Number(process.env.TURNWISE_READ_THREADS);
  if (Number.isInteger(configured) && configured >= 1) return Math.min(configured, 16);
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

const readWorkerScript = () => workerScript('./import/read-worker.ts', 'read-worker.js');

/** Threads started ahead of an import (`prewarmReadingThreads`) and not taken yet. */
const spares: { script: string; worker: Worker; dead: boolean }[] = [];

/**
 * Starts `count` reading threads before an import needs them, so their start (about 0.1 s of
 * loading and compiling their code) runs while the workspace opens instead of after it; the
 * CLI's import asks for them first. They wait for their data, and those no import takes do not
 * keep the process alive.
 */
export function prewarmReadingThreads(count: number, script: string | URL = readWorkerScript()) {
  for (let i = 0; i < count; i += 1) {
    const spare = { script: String(script), worker: new Worker(script), dead: false };
    const die = () => (spare.dead = true);
    spare.worker.on('error', die).on('exit', die).unref();
    spares.push(spare);
  }
}

/** The reading threads started ahead and not taken yet (for the tests). */
export function spareReadingThreads(): number {
  return spares.length;
}

/** A thread of `script`: a spare started ahead if one is alive, else a new one. */
function readingThread(script: string | URL): Worker {
  for (;;) {
    const index = spares.findIndex((spare) => spare.script === String(script));
    const spare = index < 0 ? undefined : spares.splice(index, 1)[0];
    if (spare === undefined) return new Worker(script);
    spare.worker.removeAllListeners();
    // One that failed to start is dropped: a new one fails, or not, with the import watching.
    if (spare.dead) continue;
    spare.worker.ref();
    return spare.worker;
  }
}

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
    this.worker = readingThread(script);
    this.worker.on('message', (message: ReadWorkerMessage) => this.arrive(message));
    this.worker.on('error', (error) => this.crashed(`the reading thread failed: ${error.message}`));
    this.worker.on('exit', (code) => this.crashed(`the reading thread ended (exit code ${code})`));
    this.worker.postMessage({ type: 'start', data } satisfies ReadWorkerRequest);
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
  script: string | URL = readWorkerScript(),
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
