// The import's fingerprint: the files' lengths and bytes in order, read in slices of a reused
// buffer, with progress and cancel.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { contentSha256, resolveSourceFiles, type SourceFile } from './source-files';

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

describe('resolveSourceFiles and special files', () => {
  const fifo = (file: string) => expect(spawnSync('mkfifo', [file]).status).toBe(0);

  it('refuses a FIFO, a socket and a device named directly, without opening them', async () => {
    const pipe = path.join(dir, 'named.pipe');
    fifo(pipe);
    // Opening a FIFO with no writer waits forever: a refusal that returns is the test.
    await expect(resolveSourceFiles([pipe])).rejects.toMatchObject({
      code: 'invalid_input',
      message: `${pipe}: is a named pipe (FIFO), not a regular file: not read, since it could wait forever or never end`,
    });
    const socket = path.join(dir, 'a.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      await expect(resolveSourceFiles([socket])).rejects.toThrow(/a\.sock: is a socket, not a/);
    } finally {
      server.close();
    }
    await expect(resolveSourceFiles(['/dev/zero'])).rejects.toThrow(
      /\/dev\/zero: is a device or other special file, not a regular file/,
    );
  });

  it('leaves out a FIFO found in a folder and reports it', async () => {
    const folder = path.join(dir, 'with-pipe');
    mkdirSync(path.join(folder, 'sub'), { recursive: true });
    fifo(path.join(folder, 'sub', 'feed.jsonl'));
    writeFileSync(path.join(folder, 'a.jsonl'), '{}\n');
    const specials: [string, string][] = [];
    const files = await resolveSourceFiles([folder], (file, reason) =>
      specials.push([file, reason]),
    );
    expect(files.map((file) => file.path)).toEqual([path.join(folder, 'a.jsonl')]);
    expect(specials).toEqual([
      [
        path.join(folder, 'sub', 'feed.jsonl'),
        'a named pipe (FIFO), not a regular file: not read, since it could wait forever or never end',
      ],
    ]);
    const only = path.join(dir, 'only-pipe');
    mkdirSync(only);
    fifo(path.join(only, 'feed.jsonl'));
    await expect(resolveSourceFiles([only])).rejects.toThrow(
      /only-pipe: no files to import \(left out: feed\.jsonl: a named pipe \(FIFO\)\)/,
    );
  });
});
