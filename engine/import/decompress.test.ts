import { spawnSync } from 'node:child_process';
import { createReadStream, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../testing/test-support';
import { decompressed } from './decompress';

const { dir, cleanup } = tempDir('turnwise-decompress-');
afterAll(cleanup);
afterEach(() => vi.unstubAllEnvs());

const MiB = 1 << 20;

/** Reads the file through `decompressed`: the bytes it gave, and the error it ended with. */
async function drain(file: string): Promise<{ bytes: number; error: unknown }> {
  let bytes = 0;
  try {
    for await (const chunk of decompressed(file, createReadStream(file))) {
      bytes += (chunk as Buffer).length;
    }
    return { bytes, error: null };
  } catch (error) {
    return { bytes, error };
  }
}

/** A zstd file of `bytes` spaces, made by the zstd command without holding them here. */
function zstdBlanks(name: string, bytes: number): string {
  const file = path.join(dir, name);
  const made = spawnSync('sh', [
    '-c',
    `head -c ${bytes} /dev/zero | tr '\\0' ' ' | zstd -q -c > '${file}'`,
  ]);
  expect(made.status).toBe(0);
  return file;
}

/** Text that compresses about as real JSON lines do (a few times, not a thousand). */
function realisticText(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0, size = 0; size < bytes; i += 1) {
    const line = `{"id":${i},"text":"${Math.random().toString(36).repeat(3)}"}\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

describe('decompressed', () => {
  it('refuses a gzip stream that grows past the ratio cap, naming the file', async () => {
    vi.stubEnv('TURNWISE_IMPORT_RATIO_FLOOR_MB', '1');
    vi.stubEnv('TURNWISE_IMPORT_MAX_RATIO', '100');
    const file = path.join(dir, 'zeros.jsonl.gz');
    writeFileSync(file, gzipSync(Buffer.alloc(20 * MiB)));
    const { bytes, error } = await drain(file);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /zeros\.jsonl\.gz: [\d.]+ kB decompress to more than 100 times their size \([\d.]+ MB so far: a decompression bomb\?\); nothing was imported \(raise the cap with TURNWISE_IMPORT_MAX_RATIO/,
      ) as unknown,
    });
    // What a cap lets out: the floor, or 100 times the compressed bytes read.
    expect(bytes).toBeLessThanOrEqual(Math.max(MiB, 100 * statSync(file).size));
    expect(bytes).toBeLessThan(4 * MiB);
  });

  it('refuses a gzip stream past the total cap, however well it compresses', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_INFLATED_GB', String(2 / 1024));
    const file = path.join(dir, 'text.jsonl.gz');
    writeFileSync(file, gzipSync(realisticText(3 * MiB)));
    const { bytes, error } = await drain(file);
    expect(String(error)).toMatch(/text\.jsonl\.gz: decompresses to more than 2 MB/);
    expect(bytes).toBeLessThanOrEqual(2 * MiB);
  });

  it('reads real-looking compressed text under the caps whole', async () => {
    vi.stubEnv('TURNWISE_IMPORT_RATIO_FLOOR_MB', '1');
    vi.stubEnv('TURNWISE_IMPORT_MAX_RATIO', '50');
    const text = realisticText(4 * MiB);
    const gz = path.join(dir, 'ok.jsonl.gz');
    writeFileSync(gz, gzipSync(text));
    expect(await drain(gz)).toEqual({ bytes: text.length, error: null });
    const plain = path.join(dir, 'ok.jsonl');
    writeFileSync(plain, text);
    expect(spawnSync('zstd', ['-q', '-f', plain, '-o', `${plain}.zst`]).status).toBe(0);
    expect(await drain(`${plain}.zst`)).toEqual({ bytes: text.length, error: null });
  });

  it('stops a 12 kB zstd of 400 MB blanks at the floor, holding no more', async () => {
    // Default caps: 64 MB may come out before the ratio (1,000) is checked.
    const file = zstdBlanks('blanks.jsonl.zst', 400_000_000);
    const before = process.memoryUsage().rss;
    const { bytes, error } = await drain(file);
    const grown = process.memoryUsage().rss - before;
    expect(String(error)).toMatch(
      /blanks\.jsonl\.zst: 12\.\d kB decompress to more than 1000 times their size/,
    );
    expect(bytes).toBeLessThanOrEqual(64 * MiB);
    // fzstd gives a whole frame in one call: without the meter inside it, 400 MB were buffered.
    expect(grown).toBeLessThan(200 * MiB);
  });
});
