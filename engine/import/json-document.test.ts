import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../testing/test-support';
import { lineAt, parseJson, readTextFile, splitTopLevelArray } from './json-document';

const { dir, cleanup } = tempDir('turnwise-json-document-');
afterAll(cleanup);
afterEach(() => vi.unstubAllEnvs());

describe('json-document', () => {
  it('reports a parse failure at its line', () => {
    const result = parseJson('{\n  "a": 1,\n  "b": oops\n}');
    expect(result).toMatchObject({ ok: false, line: 3 });
    expect(!result.ok && result.reason).toMatch(/^invalid JSON \(/);
  });

  it('splits a top-level array into elements with their start lines', () => {
    const text = '[\n  {"a": "x,]}"},\n  [1, [2]],\n  3\n]\n';
    const elements = splitTopLevelArray(text);
    expect(elements?.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(elements?.map((e) => JSON.parse(e.text) as unknown)).toEqual([
      { a: 'x,]}' },
      [1, [2]],
      3,
    ]);
  });

  it('handles escaped quotes and an empty array, and refuses a non-array', () => {
    expect(
      splitTopLevelArray('[{"q": "say \\"hi\\", ]"}]')?.map((e) => JSON.parse(e.text) as unknown),
    ).toEqual([{ q: 'say "hi", ]' }]);
    expect(splitTopLevelArray(' [ ] ')).toEqual([]);
    expect(splitTopLevelArray('{"a": []}')).toBeNull();
  });

  it('counts lines', () => {
    expect(lineAt('a\nb\nc', 4)).toBe(3);
  });
});

describe('readTextFile', () => {
  const context = () => ({
    progress: { bytesRead: 0 },
    signal: new AbortController().signal,
    options: {},
  });
  const document = `[${Array.from({ length: 200 }, (_, i) => `{"i":${i}}`).join(',')}]`;

  it('reads a document at the cap whole, plain or compressed', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', String(document.length / (1 << 20)));
    const plain = path.join(dir, 'at-cap.json');
    writeFileSync(plain, document);
    writeFileSync(`${plain}.gz`, gzipSync(document));
    expect(await readTextFile(plain, context())).toBe(document);
    expect(await readTextFile(`${plain}.gz`, context())).toBe(document);
  });

  it('refuses a plain document over the cap before reading it', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', String((document.length - 1) / (1 << 20)));
    const file = path.join(dir, 'over-cap.json');
    writeFileSync(file, document);
    const reading = context();
    await expect(readTextFile(file, reading)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(
        /over-cap\.json: the document is larger than [\d.]+ kB, the cap on one JSON document read whole; nothing was imported \(raise the cap with TURNWISE_IMPORT_MAX_DOCUMENT_MB/,
      ) as unknown,
    });
    expect(reading.progress.bytesRead).toBe(0);
  });

  it('refuses a compressed document as it decompresses past the cap', async () => {
    vi.stubEnv('TURNWISE_IMPORT_MAX_DOCUMENT_MB', '1');
    const file = path.join(dir, 'big.json.gz');
    writeFileSync(file, gzipSync(`["${'x'.repeat(50 << 20)}"]`));
    await expect(readTextFile(file, context())).rejects.toThrow(
      /big\.json\.gz: the document is larger than 1 MB/,
    );
  });
});
