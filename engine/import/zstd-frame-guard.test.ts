// The frame guard follows real zstd streams (the zstd command's output: checksums, several frames,
// skippable frames, any chunking) and refuses a frame whose window is past 128 MiB before fzstd
// would allocate it: `zstd --long=31` writes such frames, which zstd itself will not decode
// without --long=31.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { decompressed } from './decompress';
import { MAX_ZSTD_WINDOW, ZstdFrameGuard } from './zstd-frame-guard';

const { dir, cleanup } = tempDir('turnwise-zstd-frames-');
afterAll(cleanup);

function zstd(data: Buffer, ...args: string[]): Buffer {
  const made = spawnSync('zstd', ['-q', '-c', ...args], { input: data });
  expect(made.status).toBe(0);
  return made.stdout;
}

/** Pushes `stream` in chunks of the sizes given, round and round. */
function pushAll(stream: Buffer, sizes: number[]): void {
  const guard = new ZstdFrameGuard('test.zst');
  for (let at = 0, i = 0; at < stream.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    guard.push(stream.subarray(at, at + size));
    at += size;
  }
}

const text = Buffer.from('{"role": "assistant", "content": "ls -la"}\n'.repeat(20_000));
const noise = randomBytes(300_000); // stored as raw blocks
const skippable = Buffer.concat([
  Buffer.from([0x50, 0x2a, 0x4d, 0x18]),
  Buffer.from([5, 0, 0, 0]),
  Buffer.from('hello'),
]);

describe('ZstdFrameGuard', () => {
  it('follows real streams of several frames, in any chunking', () => {
    const stream = Buffer.concat([
      zstd(text),
      zstd(noise, '--no-check'),
      skippable,
      zstd(text, '-19'),
      zstd(Buffer.from('x'.repeat(1000))), // an RLE block
    ]);
    for (const sizes of [[stream.length], [1], [7, 3, 1000, 2], [65_536]]) {
      expect(() => pushAll(stream, sizes)).not.toThrow();
    }
  });

  it('refuses a 2 GiB window the zstd command writes with --long=31, after real frames', () => {
    const huge = zstd(Buffer.from('hello\n'), '--long=31');
    expect(huge[5]).toBe(0xa8); // a 2^31-byte window
    const stream = Buffer.concat([zstd(text), zstd(noise), huge]);
    for (const sizes of [[stream.length], [1], [4096]]) {
      expect(() => pushAll(stream, sizes)).toThrow(
        /^test\.zst: a frame asks for a 2048 MB window, more than the 128 MB Turnwise decodes/,
      );
    }
  });

  it('allows the largest window libzstd decodes by default', () => {
    const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, (27 - 10) << 3, 0x01, 0x00, 0x00]);
    expect(2 ** 27).toBe(MAX_ZSTD_WINDOW);
    expect(() => pushAll(header, [header.length])).not.toThrow();
    const larger = Buffer.from(header);
    larger[5] = ((27 - 10) << 3) | 1; // one eighth more
    expect(() => pushAll(larger, [larger.length])).toThrow(/144 MB window/);
  });

  it('stops an import of such a file before fzstd allocates its window', async () => {
    const file = path.join(dir, 'long.jsonl.zst');
    writeFileSync(file, zstd(Buffer.from('{"a": 1}\n'), '--long=31'));
    const before = process.memoryUsage().arrayBuffers;
    const error = await (async () => {
      for await (const chunk of decompressed(file, createReadStream(file))) void chunk;
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect(String((error as Error).message)).toMatch(
      /long\.jsonl\.zst: a frame asks for a 2048 MB/,
    );
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 2 ** 20);
  });
});
