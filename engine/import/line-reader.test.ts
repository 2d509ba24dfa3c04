import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { inShard, readLines, SHARD_BLOCK_LINES } from './line-reader';

const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ours(file: string, shard?: { index: number; count: number }) {
  const lines: [number, string][] = [];
  const signal = new AbortController().signal;
  for await (const line of readLines(file, { bytesRead: 0 }, signal, shard)) {
    lines.push([line.number, line.refused === undefined ? line.text : 'REFUSED']);
  }
  return lines;
}

/** What node:readline makes of the file, the splitting readLines keeps. */
async function readline(file: string) {
  const lines: [number, string][] = [];
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity }))
    lines.push([lines.length + 1, lines.length === 0 ? text.replace(/^\uFEFF/, '') : text]);
  return lines;
}

let count = 0;
function fileOf(content: string | Buffer, gz = false): string {
  count += 1;
  const file = path.join(dir, `f${count}.jsonl${gz ? '.gz' : ''}`);
  writeFileSync(file, gz ? gzipSync(content) : content);
  return file;
}

describe('readLines', () => {
  it.each([
    ['LF', 'a\nb\nc\n'],
    ['no final break', 'a\nb'],
    ['CRLF', '{"a":1}\r\n{"b":2}\r\n'],
    ['lone CR', 'a\rb\r\rc'],
    ['CR at the end', 'a\nb\r'],
    ['blank lines', '\n\n x \n\n'],
    ['byte-order mark', '\uFEFF{"a":1}\n{"b":2}\n'],
    ['empty', ''],
    ['multi-byte text', 'é\n日本\r\n🙂\n'],
  ])('splits %s as readline does', async (_name, content) => {
    const file = fileOf(content);
    expect(await ours(file)).toEqual(await readline(file));
  });

  it('finds lines across chunks of a large file, compressed or not', async () => {
    // Lines longer than a stream chunk (64 kB), a CRLF split between chunks, multi-byte text.
    const parts: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const text = `{"i":${i},"t":"${'é日x'.repeat((i * 997) % 40_000)}"}`;
      parts.push(text + (i % 3 === 0 ? '\r\n' : '\n'));
    }
    const content = parts.join('');
    const plain = fileOf(content);
    const expected = await readline(plain);
    expect(expected).toHaveLength(300);
    expect(await ours(plain)).toEqual(expected);
    expect(await ours(fileOf(content, true))).toEqual(expected);
  });

  it('keeps lines whole where a read of an uncompressed file ends', async () => {
    // Reads are 1 MiB into one reused buffer: a CRLF split by the first boundary (the CR its
    // last byte), a multi-byte character across the second, and a line longer than two reads.
    const MiB = 1 << 20;
    const first = `{"a":"${'x'.repeat(MiB - 9)}"}\r\n`; // CR at byte MiB - 1
    const second = `{"b":"${'y'.repeat(MiB - 8)}日"}\n`; // 日 (3 bytes) across byte 2 MiB
    const long = `{"c":"${'z'.repeat(2.5 * MiB)}"}\n`;
    const content = Buffer.from(first + second + long + 'tail');
    expect(content[MiB - 1]).toBe(0x0d);
    expect(content[MiB]).toBe(0x0a);
    expect(content.subarray(2 * MiB - 1, 2 * MiB + 2).toString()).toBe('日');
    const file = fileOf(content);
    const lines = await ours(file);
    expect(lines).toEqual(await readline(file));
    expect(lines.map(([, text]) => text.length)).toEqual([
      first.length - 2,
      second.length - 1,
      long.length - 1,
      4,
    ]);
  });

  it('gives the lines of a file with lone-CR breaks as it reads, not at its end', async () => {
    const MiB = 1 << 20;
    const content = Buffer.from(
      Array.from({ length: 60_000 }, (_, i) => `{"i":${i},"t":"${'r'.repeat(i % 90)}"}`).join('\r'),
    );
    expect(content.length).toBeGreaterThan(3 * MiB);
    const file = fileOf(content);
    const progress = { bytesRead: 0 };
    let readAtFirstLine = -1;
    const lines: [number, string][] = [];
    for await (const line of readLines(file, progress, new AbortController().signal)) {
      if (readAtFirstLine < 0) readAtFirstLine = progress.bytesRead;
      lines.push([line.number, line.text]);
    }
    // Only what was read so far is held: the first line came with the first read.
    expect(readAtFirstLine).toBe(MiB);
    expect(lines).toEqual(await readline(file));
    expect(await ours(fileOf(content, true))).toEqual(lines);
  });

  it.each([
    ['a lone CR', 'x'],
    ['a CR of a CR pair', '\r'],
    ['the CR of a CRLF', '\n'],
  ])('splits at %s that ends a read of an uncompressed file', async (_name, after) => {
    const MiB = 1 << 20;
    const content = `{"a":"${'x'.repeat(MiB - 9)}"}\r${after}{"b":2}\rlast`;
    expect(content[MiB - 1]).toBe('\r');
    const file = fileOf(content);
    expect(await ours(file)).toEqual(await readline(file));
  });

  it('gives each shard its blocks of lines, numbered as in the whole file', async () => {
    const content = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n');
    const file = fileOf(content);
    const whole = await ours(file);
    const shards = await Promise.all([0, 1, 2].map((index) => ours(file, { index, count: 3 })));
    expect(shards.flat().sort((a, b) => a[0] - b[0])).toEqual(whole);
    for (const [index, lines] of shards.entries()) {
      for (const [number, text] of lines) {
        expect(text).toBe(`line ${number}`);
        expect(Math.floor((number - 1) / SHARD_BLOCK_LINES) % 3).toBe(index);
        expect(inShard(number, { index, count: 3 })).toBe(true);
      }
    }
  });
});

describe('readLines with a line cap', () => {
  const MiB = 1 << 20;
  const CAP = 1000;
  afterEach(() => vi.unstubAllEnvs());

  /** readline's lines, each over the cap in bytes marked as refused. */
  async function capped(file: string) {
    return (await readline(file)).map(([n, text]): [number, string] => [
      n,
      Buffer.byteLength(text) > CAP ? 'REFUSED' : text,
    ]);
  }

  it.each([
    ['short and long lines', `a\n${'x'.repeat(5000)}\nb\n`],
    ['a long first line', `${'x'.repeat(CAP + 1)}\nb`],
    ['a long last line without a break', `a\n${'x'.repeat(3000)}`],
    ['CRLF and lone CR around long lines', `a\r\n${'x'.repeat(2000)}\r\nb\r${'y'.repeat(2000)}\rc`],
    ['a line exactly at the cap', `${'x'.repeat(CAP)}\n${'y'.repeat(CAP + 1)}\n`],
    ['lines over the cap across reads', `a\n${'x'.repeat(2.5 * MiB)}\nb\n${'y'.repeat(MiB)}\rz`],
    ['a CRLF split by a read', `${'x'.repeat(MiB - 1)}\r\nb\n`],
    ['a lone CR ending a read', `${'x'.repeat(MiB - 1)}\rb\n`],
  ])('refuses %s in place and keeps the others', async (_name, content) => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_LINE_MB', String(CAP / MiB));
    for (const gz of [false, true]) {
      const file = fileOf(content, gz);
      expect(await ours(file)).toEqual(await capped(fileOf(content)));
    }
  });

  it('numbers refused lines in their shard like the others', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_LINE_MB', String(CAP / MiB));
    const content = Array.from({ length: 300 }, (_, i) =>
      i % 7 === 0 ? 'x'.repeat(CAP + 1 + i) : `line ${i + 1}`,
    ).join('\n');
    const file = fileOf(content);
    const whole = await ours(file);
    expect(whole.filter(([, text]) => text === 'REFUSED')).toHaveLength(43);
    const shards = await Promise.all([0, 1].map((index) => ours(file, { index, count: 2 })));
    expect(shards.flat().sort((a, b) => a[0] - b[0])).toEqual(whole);
  });

  it('names the cap and the variable that raises it', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_LINE_MB', '0.5');
    const file = fileOf(`${'x'.repeat(MiB)}\n`);
    const lines = [];
    for await (const line of readLines(file, { bytesRead: 0 }, new AbortController().signal))
      lines.push(line);
    expect(lines).toEqual([
      {
        number: 1,
        text: '',
        refused:
          'the line is longer than 512 kB, the cap on one record (TURNWISE_IMPORT_MAX_LINE_MB raises it)',
      },
    ]);
  });
});
