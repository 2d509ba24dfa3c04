// Streams a text file line by line, transparently decompressing .gz/.zst, and reports how many
// bytes of the file on disk have been consumed. Lines end where node:readline ends them (LF, CRLF
// or a lone CR; only the line being read is held), but are found in the bytes: a line is decoded
// only when it is wanted, so a shard (a reading thread taking every n-th block of lines) skips
// the others for the cost of finding their ends. A line longer than the line cap is passed over
// as it streams, never held: it comes out as a refused line (input-limits.ts).
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { LineShard, ReadProgress } from '../chat/canonical';
import { compressionOf, decompressed } from './decompress';
import { fileChunks } from './file-chunks';
import { importLimits, limitVariable, sizeText } from './input-limits';

export interface Line {
  /** 1-based line number. */
  number: number;
  text: string;
  /** Why the line was not read (it is over the line cap); `text` is then empty. */
  refused?: string;
}

const LF = 0x0a;
const CR = 0x0d;

export function openTextStream(file: string, progress: ReadProgress): Readable {
  const raw = createReadStream(file);
  raw.on('data', (chunk) => {
    progress.bytesRead += chunk.length;
  });
  return decompressed(file, raw);
}

/** Lines per block of a shard: shard i of n reads blocks i, i + n, i + 2n, ... */
export const SHARD_BLOCK_LINES = 64;

/** Whether a 1-based line number falls in the shard's blocks (every line without a shard). */
export function inShard(number: number, shard: LineShard | undefined): boolean {
  if (shard === undefined || shard.count <= 1) return true;
  return Math.floor((number - 1) / SHARD_BLOCK_LINES) % shard.count === shard.index;
}

/**
 * The [start, end) byte ranges of the lines in `bytes[start, end)`, which ended at a LF (`atLf`)
 * or at the end of the input. A CR just before the LF belongs to the line break; any other CR
 * ends a line of its own, as it does for readline. At the end of the input an empty last line is
 * no line. `firstCr` is the first CR in `bytes` at or after `start`, or -1: the caller keeps it
 * across the lines of a chunk, since looking for a CR that most files never have would read to
 * the end of the chunk once per line.
 */
function* lineRanges(bytes: Buffer, start: number, end: number, atLf: boolean, firstCr: number) {
  let from = start;
  for (let cr = firstCr; cr >= 0 && cr < end; cr = bytes.indexOf(CR, from)) {
    yield [from, cr] as const;
    // A CR right before the LF was the line break's: nothing follows it on this line.
    if (atLf && cr === end - 1) return;
    from = cr + 1;
  }
  if (atLf || from < end) yield [from, end] as const;
}

/** The file's lines (with `shard`, only that shard's: every shard still numbers them all). */
export async function* readLines(
  file: string,
  progress: ReadProgress,
  signal: AbortSignal,
  shard?: LineShard,
): AsyncGenerator<Line> {
  // Leaving the loop below early (a cancel, a consumer that stops) closes either input.
  const input: AsyncIterable<Buffer> =
    compressionOf(file) === null
      ? fileChunks(file, (bytes) => (progress.bytesRead += bytes))
      : openTextStream(file, progress);
  let number = 0;
  // The start of a line that continues into the next chunk.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const cap = importLimits().lineBytes;
  const refused =
    `the line is longer than ${sizeText(cap)}, the cap on one record ` +
    `(${limitVariable('lineBytes')} raises it)`;
  // Passing over a line found to be over the cap; `skippedCr`: it ended at a chunk's last byte, a
  // CR, so a LF starting the next chunk is that line's break.
  let skipping = false;
  let skippedCr = false;
  const line = (bytes: Buffer, start: number, end: number): Line | null => {
    number += 1;
    if (!inShard(number, shard)) return null;
    if (end - start > cap) return { number, text: '', refused };
    const text = bytes.toString('utf8', start, end);
    // A UTF-8 byte-order mark is not part of the first record.
    return { number, text: number === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  };
  for await (const chunk of input) {
    if (signal.aborted) return;
    let from = 0;
    if (skippedCr && chunk[0] === LF) from = 1;
    skippedCr = false;
    if (skipping) {
      const lf = chunk.indexOf(LF);
      const cr = chunk.indexOf(CR);
      const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
      if (end < 0) continue;
      skipping = false;
      number += 1;
      if (inShard(number, shard)) yield { number, text: '', refused };
      from = end + 1;
      if (chunk[end] === CR && chunk[from] === LF) from += 1;
      skippedCr = chunk[end] === CR && from === chunk.length;
    }
    // The first CR in the chunk at or after `from`: -1 for none left, -2 before the first look.
    let cr = -2;
    for (let lf = chunk.indexOf(LF, from); lf >= 0; lf = chunk.indexOf(LF, from)) {
      let bytes = chunk;
      let start = from;
      if (pending.length > 0) {
        bytes = Buffer.concat([...pending, chunk.subarray(0, lf)]);
        start = 0;
        pending = [];
        pendingBytes = 0;
      }
      const end = bytes === chunk ? lf : bytes.length;
      if (cr !== -1 && cr < from) cr = chunk.indexOf(CR, from);
      const firstCr = bytes === chunk ? cr : bytes.indexOf(CR);
      for (const [s, e] of lineRanges(bytes, start, end, true, firstCr)) {
        const next = line(bytes, s, e);
        if (next !== null) yield next;
      }
      from = lf + 1;
      if (signal.aborted) return;
    }
    // The rest holds no LF, but its lone CRs end lines: give those now, or a file with CR line
    // breaks would be held whole until its end. A CR that is the chunk's last byte waits, as the
    // next chunk may start with the LF of a CRLF. This repeats the LF loop's body on purpose: a
    // helper shared by both (a generator and a tuple per line) read 200k short lines 10-35% slower.
    const tail = chunk.subarray(from);
    const lastCr = tail.length >= 2 ? tail.lastIndexOf(CR, tail.length - 2) : -1;
    if (lastCr >= 0) {
      // With lines pending this chunk had no LF, so `from` is 0 and the tail is the chunk.
      const bytes =
        pending.length > 0 ? Buffer.concat([...pending, tail.subarray(0, lastCr + 1)]) : chunk;
      const start = pending.length > 0 ? 0 : from;
      const end = pending.length > 0 ? bytes.length : from + lastCr + 1;
      pending = [];
      pendingBytes = 0;
      for (const [s, e] of lineRanges(bytes, start, end, false, bytes.indexOf(CR, start))) {
        const next = line(bytes, s, e);
        if (next !== null) yield next;
      }
      from += lastCr + 1;
    }
    // A copy: the chunk's buffer is read into again.
    if (from < chunk.length) {
      pending.push(Buffer.from(chunk.subarray(from)));
      pendingBytes += chunk.length - from;
    }
    // The unfinished line is already over the cap: it is passed over, not held. Held bytes end
    // in a CR only when it is the chunk's last byte, and then the line ended there.
    if (pendingBytes > cap) {
      pending = [];
      pendingBytes = 0;
      if (chunk[chunk.length - 1] === CR) {
        number += 1;
        if (inShard(number, shard)) yield { number, text: '', refused };
        skippedCr = true;
      } else skipping = true;
    }
  }
  if (skipping) {
    number += 1;
    if (inShard(number, shard)) yield { number, text: '', refused };
    return;
  }
  const rest = Buffer.concat(pending);
  for (const [s, e] of lineRanges(rest, 0, rest.length, false, rest.indexOf(CR))) {
    const next = line(rest, s, e);
    if (next !== null) yield next;
  }
}
