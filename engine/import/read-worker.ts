// The reading thread of a large import (started by read-in-worker.ts): runs the readers named in
// its start message over their files, prepares each record and posts the items in batches,
// waiting for the engine's thread to ask for more once BATCHES_IN_FLIGHT are unanswered. It
// writes nothing.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { apiErrorOf } from '../core/failure';
import type { FormatReader } from '../chat/canonical';
import { mappingReader } from './mapping';
import { packItems } from './packed-items';
import { preparedItems, type DatasetReadProgress, type PreparedItem } from './prepared-items';
import {
  BATCHES_IN_FLIGHT,
  type ReaderRef,
  type ReadWorkerData,
  type ReadWorkerMessage,
  type ReadWorkerRequest,
} from './read-in-worker';
import { formatByName } from './registry';

/**
 * A batch is posted once it holds this many turns (or records), or this long after its first.
 * Small batches measured faster than batches of thousands of turns: fewer objects live long
 * enough to be moved to the old generation before they are sent.
 */
const BATCH_TURNS = 512;
const BATCH_MS = 100;

function requirePort(): MessagePort {
  if (parentPort === null) throw new Error('read-worker runs only as a worker thread');
  return parentPort;
}
const port = requirePort();

let credits = BATCHES_IN_FLIGHT;
let wake: (() => void) | null = null;
// A thread may be started ahead of its import (read-in-worker.ts): it reads once told what.
port.on('message', (request: ReadWorkerRequest) => {
  if (request.type === 'start') {
    run(request.data).catch(report);
    return;
  }
  credits += 1;
  wake?.();
});

function readerOf(ref: ReaderRef): FormatReader {
  return 'format' in ref ? formatByName(ref.format) : mappingReader(ref.mapping, ref.name);
}

function post(message: ReadWorkerMessage): void {
  port.postMessage(message);
}

async function send(items: PreparedItem[], progress: DatasetReadProgress): Promise<void> {
  while (credits === 0) {
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
  credits -= 1;
  post({ type: 'batch', items: packItems(items), progress: { ...progress } });
}

async function run(data: ReadWorkerData): Promise<void> {
  const entries = data.entries.map(({ file, reader }) => ({ file, reader: readerOf(reader) }));
  const progress: DatasetReadProgress = { entry: 0, bytesRead: 0 };
  const options = {
    formatOptions: data.formatOptions,
    keepSecrets: data.keepSecrets,
    shard: data.shard,
  };
  // The engine's thread ends this one to stop it; the readers' own signal never fires.
  const signal = new AbortController().signal;
  let batch: PreparedItem[] = [];
  let size = 0;
  let since = 0;
  for await (const item of preparedItems(entries, options, progress, signal)) {
    if (batch.length === 0) since = performance.now();
    batch.push(item);
    size += item.kind === 'trajectory' ? item.prepared.turns.length + 1 : 1;
    if (size >= BATCH_TURNS || performance.now() - since >= BATCH_MS) {
      await send(batch, progress);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await send(batch, progress);
  post({ type: 'end', progress: { ...progress } });
}

function report(error: unknown): void {
  try {
    post({ type: 'failed', error: apiErrorOf(error) });
  } catch {
    // Its details could not be cloned: the message alone still names the file and line.
    const { code, message } = apiErrorOf(error);
    post({ type: 'failed', error: { code, message } });
  }
}
