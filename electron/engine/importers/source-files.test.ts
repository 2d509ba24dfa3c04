// The import's fingerprint: the files' lengths and bytes in order, read in slices of a reused
// buffer, with progress and cancel.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support';
import { contentSha256, type SourceFile } from './source-files';

const { dir, cleanup } = tempDir();
afterAll(cleanup);

function sourceFile(name: string, bytes: Buffer): SourceFile {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return { path: file, bytes: bytes.length };
}

describe('contentSha256', () => {
  it('hashes each length and all bytes of files larger than one read, and reports them', async () => {
    // 2.5 MB: two whole reads of the buffer and a partial one; then an empty file and a small one.
    const big = randomBytes(2.5 * 1024 * 1024);
    const small = Buffer.from('{"id": "r1"}\n');
    const files = [
      sourceFile('big.jsonl', big),
      sourceFile('empty.jsonl', Buffer.alloc(0)),
      sourceFile('small.jsonl', small),
    ];
    const reported: number[] = [];
    const digest = await contentSha256(
      files,
      (bytes) => reported.push(bytes),
      new AbortController().signal,
    );
    const expected = createHash('sha256')
      .update(`${big.length}\n`)
      .update(big)
      .update('0\n')
      .update(`${small.length}\n`)
      .update(small)
      .digest('hex');
    expect(digest).toBe(expected);
    expect(reported.reduce((a, b) => a + b, 0)).toBe(big.length + small.length);
    expect(reported.length).toBe(4);
  });

  it('tells a split between files apart from the same bytes in one file', async () => {
    const one = [sourceFile('ab.txt', Buffer.from('ab'))];
    const two = [sourceFile('a.txt', Buffer.from('a')), sourceFile('b.txt', Buffer.from('b'))];
    const signal = new AbortController().signal;
    expect(await contentSha256(one, () => undefined, signal)).not.toBe(
      await contentSha256(two, () => undefined, signal),
    );
  });

  it('stops with a cancelled error once the signal is aborted', async () => {
    const controller = new AbortController();
    const files = [sourceFile('cancel.bin', randomBytes(3 * 1024 * 1024))];
    const run = contentSha256(files, () => controller.abort(), controller.signal);
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
  });
});
