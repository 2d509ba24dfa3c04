// Streams a text file line by line (LF or CRLF), transparently decompressing .gz/.zst, and
// reports how many bytes of the file on disk have been consumed.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { ReadProgress } from './canonical';
import { decompressed } from './decompress';

export interface Line {
  /** 1-based line number. */
  number: number;
  text: string;
}

export function openTextStream(file: string, progress: ReadProgress): Readable {
  const raw = createReadStream(file);
  raw.on('data', (chunk) => {
    progress.bytesRead += chunk.length;
  });
  return decompressed(file, raw);
}

export async function* readLines(
  file: string,
  progress: ReadProgress,
  signal: AbortSignal,
): AsyncGenerator<Line> {
  const input = openTextStream(file, progress);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (signal.aborted) return;
      // A UTF-8 byte-order mark is not part of the first record.
      yield { number, text: number === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
