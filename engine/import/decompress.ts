// Transparent decompression of .gz (zlib) and .zst (fzstd, pure JS: Node 20 has no zstd), metered
// against the inflation caps (input-limits.ts) so a small bomb is refused, not inflated.
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';
import { InflationMeter } from './input-limits';
import { ZstdFrameGuard } from './zstd-frame-guard';

/** What a decompressor reports its bytes to; `add` throws to stop a stream past its cap. */
export interface ByteMeter {
  compressed(bytes: number): void;
  add(bytes: number): void;
}

export type Compression = 'gzip' | 'zstd' | null;

export function compressionOf(file: string): Compression {
  if (/\.gz$/i.test(file)) return 'gzip';
  if (/\.zst$/i.test(file)) return 'zstd';
  return null;
}

/** The file name without its compression suffix, for extension checks (a.jsonl.zst -> a.jsonl). */
export function withoutCompression(file: string): string {
  return file.replace(/\.(gz|zst)$/i, '');
}

/**
 * fzstd hands over a whole frame's output inside one `push`, ignoring backpressure: the meter is
 * asked before each block is kept, so a bomb stops at the cap instead of filling the buffer. Also
 * decodes the zstd entries of zip archives (zip-entries.ts), metered against their declared size.
 * `where` names the file (or entry) in errors; each frame's window is checked before fzstd sees it.
 */
export function createZstdDecompressor(meter: ByteMeter, where: string): Transform {
  const frames = new ZstdFrameGuard(where);
  let push: ((chunk: Buffer) => void) | null = null;
  const decoder = new Decompress((chunk) => {
    meter.add(chunk.length);
    push?.(Buffer.from(chunk));
  });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      push = (out) => this.push(out);
      try {
        meter.compressed(chunk.length);
        frames.push(chunk);
        decoder.push(chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      push = (out) => this.push(out);
      try {
        decoder.push(new Uint8Array(0), true);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** gunzip, with its output counted as it leaves (zlib itself waits for the reader). */
function createGzipDecompressor(meter: InflationMeter): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        meter.add(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * Pipes raw bytes through the decompressor the file name calls for (or none). A stream past the
 * inflation caps fails with an `invalid_input` error naming `file`.
 */
export function decompressed(file: string, raw: Readable): Readable {
  const kind = compressionOf(file);
  if (kind === null) return raw;
  const meter = new InflationMeter(file);
  const output =
    kind === 'zstd' ? createZstdDecompressor(meter, file) : createGzipDecompressor(meter);
  const fail = (error: Error) => output.destroy(error);
  raw.on('error', fail);
  // Closing the output (an error, a reader that stops early) closes the file as well.
  output.on('close', () => raw.destroy());
  if (kind === 'zstd') return raw.pipe(output);
  // Input is counted as it enters gunzip, so the ratio is of the bytes actually read.
  raw.on('data', (chunk: Buffer) => meter.compressed(chunk.length));
  const gunzip = createGunzip();
  gunzip.on('error', fail);
  output.on('close', () => gunzip.destroy());
  return raw.pipe(gunzip).pipe(output);
}
