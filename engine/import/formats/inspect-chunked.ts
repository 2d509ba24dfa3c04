// A chunked Inspect sample (samples/<id>_epoch_<n>/, Inspect's log/_recorders/chunked/) put back
// into the classic sample shape, so it converts exactly as the same sample stored whole: the
// final conversation from the shell's `message_refs` ranges into the message sequence, the
// attachment sequence as the `attachment://<index>` table, the events, and metadata.json.
import { RecordError, type ReadProgress } from '../../chat/canonical';
import { importLimits, overLimit, sizeText } from '../input-limits';
import { parseJson } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import type { ChunkedPlan, SequenceChunk } from './inspect-eval-layout';
import { expandInputRefs } from './inspect-messages';
import type { ZipArchive } from './zip-entries';

// Only these events are read for turns and their details (inspect-sample.ts, inspect-events.ts);
// the rest (state deltas, spans' ends, logger output) can be most of a long sample's bytes.
const EVENTS_KEPT = new Set(['model', 'span_begin', 'tool', 'sandbox']);

/** Reads the entries of one sample, holding their inflated bytes to the one-document cap. */
class SampleReader {
  private bytes = 0;
  private readonly cap = importLimits().documentBytes;

  constructor(
    private readonly zip: ZipArchive,
    private readonly plan: ChunkedPlan,
    private readonly progress: ReadProgress,
  ) {}

  /** The parsed JSON of one member; a member that does not parse is a bad record. */
  async json(chunk: SequenceChunk['entry']): Promise<unknown> {
    this.bytes += chunk.uncompressedSize;
    if (this.bytes > this.cap) {
      const what =
        `the chunked sample's entries hold more than ${sizeText(this.cap)}, the cap on one ` +
        'sample read whole';
      throw overLimit(`${this.zip.file}: ${this.plan.prefix}`, what, 'documentBytes');
    }
    const parsed = parseJson(await this.zip.readText(chunk, this.progress));
    if (!parsed.ok) throw new RecordError(`${chunk.fileName}: ${parsed.reason}`);
    return parsed.value;
  }

  /**
   * The items of one sequence, chunk by chunk. Chunks are contiguous and named by their first
   * index, so a chunk that does not start where the previous one ended means a damaged log.
   */
  async *items(chunks: SequenceChunk[]): AsyncIterable<unknown> {
    let next = 0;
    for (const { start, entry } of chunks) {
      if (start !== next) {
        throw new RecordError(
          `${entry.fileName}: the chunk starts at item ${start}, but the chunks before it end at ${next}`,
        );
      }
      const items = await this.json(entry);
      if (!Array.isArray(items)) throw new RecordError(`${entry.fileName}: expected a list`);
      next += items.length;
      yield* items;
    }
  }
}

async function attachmentTable(reader: SampleReader, plan: ChunkedPlan) {
  const table: Record<string, unknown> = {};
  let index = 0;
  for await (const text of reader.items(plan.sequences.attachments)) {
    // References are `attachment://<index>`: the index is the key the resolver looks up.
    table[String(index)] = text;
    index += 1;
  }
  return table;
}

async function keptEvents(reader: SampleReader, plan: ChunkedPlan): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of reader.items(plan.sequences.events)) {
    if (isRecord(event) && typeof event.event === 'string' && EVENTS_KEPT.has(event.event)) {
      events.push(event);
    }
  }
  return events;
}

/** The sample as Inspect stores it whole: shell fields plus messages, events, attachments. */
export async function readChunkedSample(
  zip: ZipArchive,
  plan: ChunkedPlan,
  progress: ReadProgress,
): Promise<Record<string, unknown>> {
  const reader = new SampleReader(zip, plan, progress);
  const shell = await reader.json(plan.shell);
  if (!isRecord(shell)) throw new RecordError(`${plan.shell.fileName}: expected a sample object`);
  const pool: unknown[] = [];
  for await (const message of reader.items(plan.sequences.messages)) pool.push(message);
  const refs = shell.message_refs;
  const messages =
    refs === undefined || refs === null
      ? []
      : expandInputRefs(refs, pool, `${plan.shell.fileName}: message_refs`);
  const sample: Record<string, unknown> = {
    ...shell,
    messages,
    events: await keptEvents(reader, plan),
    attachments: await attachmentTable(reader, plan),
    // The message sequence is the pool the model events' `input_refs` index.
    events_data: { messages: pool },
  };
  // metadata.json is written only when non-empty; Inspect reads its absence as {}.
  sample.metadata = plan.metadata === null ? {} : await reader.json(plan.metadata);
  return sample;
}
