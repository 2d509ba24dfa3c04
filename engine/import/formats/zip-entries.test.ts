import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../testing/test-support';
import { openZip } from './zip-entries';
import { writeZip, type ZipFixtureEntry } from '../../testing/zip-fixture';

const { dir, cleanup } = tempDir('turnwise-zip-');
afterAll(cleanup);
afterEach(() => vi.unstubAllEnvs());

const MiB = 1 << 20;

/** `data` compressed by the zstd command, as one frame. */
function zstd(data: string | Buffer): Buffer {
  const made = spawnSync('zstd', ['-q', '-c'], { input: data });
  expect(made.status, String(made.stderr)).toBe(0);
  return made.stdout;
}

/** The text of the archive's only entry, or the error reading it fails with. */
async function readOnly(name: string, entry: ZipFixtureEntry): Promise<string | Error> {
  const file = path.join(dir, name);
  writeZip(file, [entry]);
  const zip = await openZip(file);
  try {
    return await zip.readText(zip.entries[0] as (typeof zip.entries)[number]);
  } catch (error) {
    return error as Error;
  } finally {
    zip.close();
  }
}

describe('zip entries', () => {
  it('reads deflated and stored entries whole, the progress counting compressed bytes', async () => {
    const text = JSON.stringify({ a: 'é日'.repeat(10_000) });
    expect(await readOnly('deflated.eval', { name: 'a.json', data: text })).toBe(text);
    expect(await readOnly('stored.eval', { name: 'a.json', data: text, store: true })).toBe(text);
    const file = path.join(dir, 'progress.eval');
    writeZip(file, [{ name: 'a.json', data: text }]);
    const zip = await openZip(file);
    const progress = { bytesRead: 0 };
    await zip.readText(zip.entries[0] as (typeof zip.entries)[number], progress);
    zip.close();
    expect(progress.bytesRead).toBe(zip.entries[0]?.compressedSize);
  });

  it('refuses an entry that declares more than the document cap, before inflating it', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', '1');
    const error = await readOnly('big.eval', {
      name: 'samples/1_epoch_1.json',
      data: `"${'x'.repeat(2 * MiB)}"`,
    });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /big\.eval: samples\/1_epoch_1\.json: the entry declares 2 MB, over the cap on one JSON document \(1 MB\); nothing was imported \(raise the cap with TURNWISE_IMPORT_MAX_DOCUMENT_MB/,
      ) as unknown,
    });
  });

  it('refuses an entry that declares over 1,000 times its compressed size', async () => {
    vi.stubEnv('TURNWISE_IMPORT_RATIO_FLOOR_MB', '1');
    const error = await readOnly('ratio.eval', {
      name: 'header.json',
      data: Buffer.alloc(8 * MiB),
    });
    expect(String(error)).toMatch(
      /ratio\.eval: header\.json: the entry declares 8 MB from [\d.]+ kB, more than 1000 times its compressed size \(a decompression bomb\?\); nothing was imported \(raise the cap with TURNWISE_IMPORT_MAX_RATIO/,
    );
  });

  it.each([
    ['more', 100],
    ['fewer', 3 * MiB],
  ])('refuses an entry that inflates to %s bytes than it declares', async (more, declared) => {
    const error = await readOnly(`lie-${more}.eval`, {
      name: 'header.json',
      data: `"${'y'.repeat(MiB)}"`,
      declaredSize: declared,
    });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(
        `lie-${more}.eval: header.json: the entry inflates to ${more} bytes than the ` +
          `${declared} its archive declares (a damaged or forged archive)`,
      ) as unknown,
    });
  });

  it('reads a zstd entry of one frame or several, as Inspect writes past 200 MiB', async () => {
    const text = JSON.stringify({ a: 'é日'.repeat(50_000) });
    const one = { method: 93, body: zstd(text) };
    expect(await readOnly('zstd.eval', { name: 'a.json', data: text, compressed: one })).toBe(text);
    const [head, tail] = [text.slice(0, 70_001), text.slice(70_001)];
    const frames = { method: 93, body: Buffer.concat([zstd(head), zstd(tail)]) };
    expect(await readOnly('frames.eval', { name: 'a.json', data: text, compressed: frames })).toBe(
      text,
    );
  });

  it('refuses a zstd entry that inflates past its declared size, or is not zstd', async () => {
    const data = `"${'z'.repeat(MiB)}"`;
    const forged = await readOnly('zstd-lie.eval', {
      name: 'samples/1_epoch_1.json',
      data,
      declaredSize: 1000,
      compressed: { method: 93, body: zstd(data) },
    });
    expect(forged).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(
        'zstd-lie.eval: samples/1_epoch_1.json: the entry inflates to more bytes than the 1000 ' +
          'its archive declares',
      ) as unknown,
    });
    const garbage = await readOnly('zstd-bad.eval', {
      name: 'header.json',
      data: '{}',
      compressed: { method: 93, body: Buffer.from('not zstd at all, just text') },
    });
    expect(String(garbage)).toMatch(
      /zstd-bad\.eval: header\.json: it is not a zstd frame where one should start/,
    );
  });

  it('names the compression method it cannot read', async () => {
    const error = await readOnly('bzip2.eval', {
      name: 'header.json',
      data: '{}',
      compressed: { method: 12, body: Buffer.from('BZh9') },
    });
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /\/bzip2\.eval: header\.json: compression method 12 is not supported \(stored, deflate and zstd are\)$/,
      ) as unknown,
    });
  });
});
