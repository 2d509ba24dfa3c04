// Transparent decompression of .gz (zlib) and .zst (fzstd, pure JS: Node 20 has no zstd).
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';

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

function createZstdDecompressor(): Transform {
  let push: ((chunk: Buffer) => void) | null = null;
  const decoder = new Decompress((chunk) => push?.(Buffer.from(chunk)));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      push = (out) => this.push(out);
      try {
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

/** Pipes raw bytes through the decompressor the file name calls for (or none). */
export function decompressed(file: string, raw: Readable): Readable {
  const kind = compressionOf(file);
  if (kind === null) return raw;
  const decoder = kind === 'gzip' ? createGunzip() : createZstdDecompressor();
  raw.on('error', (error) => decoder.destroy(error));
  return raw.pipe(decoder);
}
