// Parquet data files: DuckDB's conversion keeps record order across row groups, writes the same
// bytes for the same records, accepts records longer than DuckDB's default JSON object limit,
// and an export to Parquet that is cancelled or fails leaves nothing behind.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import {
  type DemoWorkspace,
  manifestEntry,
  exportOptions,
  openDemoWorkspace,
  readParquetRows,
  sha256,
} from '../testing/export-test-workspace';
import { convertToParquet, PARQUET_ROW_GROUP_SIZE } from './parquet-file';
import { runExport } from './run-export';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const never = new AbortController().signal;

const COLUMNS = {
  n: 'BIGINT',
  call: 'STRUCT(name VARCHAR, arguments VARCHAR)',
  text: 'VARCHAR',
};

function writeRecords(name: string, records: Record<string, unknown>[]): string {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  return file;
}

const convert = (jsonlPath: string, parquetPath: string, maxLineBytes = 1000) =>
  convertToParquet({
    jsonlPath,
    parquetPath,
    columns: COLUMNS,
    maxLineBytes,
    spillDir: path.join(tmp.dir, `spill-${path.basename(parquetPath)}`),
    signal: never,
  });

describe('convertToParquet', () => {
  // Several row groups, and arguments of different shapes kept as JSON text.
  const records = Array.from({ length: PARQUET_ROW_GROUP_SIZE * 2 + 17 }, (_, n) => ({
    n,
    call: { name: n % 2 === 0 ? 'read' : 'run', arguments: JSON.stringify({ [`k${n % 3}`]: n }) },
    text: `record ${n} ${'x'.repeat(n % 40)}`,
  }));

  it('keeps every record, in order, with the declared column types', async () => {
    const jsonl = writeRecords('ordered.jsonl', records);
    const out = path.join(tmp.dir, 'ordered.parquet');
    expect(await convert(jsonl, out)).toBe(records.length);
    expect(await readParquetRows(out)).toEqual(records);
    expect(existsSync(path.join(tmp.dir, 'spill-ordered.parquet'))).toBe(false);
  });

  it('writes byte-identical files for the same records', async () => {
    const jsonl = writeRecords('same.jsonl', records);
    await convert(jsonl, path.join(tmp.dir, 'same-a.parquet'));
    await convert(jsonl, path.join(tmp.dir, 'same-b.parquet'));
    expect(sha256(path.join(tmp.dir, 'same-a.parquet'))).toBe(
      sha256(path.join(tmp.dir, 'same-b.parquet')),
    );
    // And a different record gives different bytes, so the comparison can fail.
    const changed = writeRecords('changed.jsonl', [{ ...records[0], n: -1 }, ...records.slice(1)]);
    await convert(changed, path.join(tmp.dir, 'changed.parquet'));
    expect(sha256(path.join(tmp.dir, 'changed.parquet'))).not.toBe(
      sha256(path.join(tmp.dir, 'same-a.parquet')),
    );
  });

  it('accepts a record longer than the default JSON object limit of DuckDB', async () => {
    // DuckDB refuses lines past twice its 16 MB default unless maximum_object_size is raised.
    const long = { n: 1, call: null, text: 'y'.repeat(40 * 1024 * 1024) };
    const jsonl = writeRecords('long.jsonl', [long]);
    const out = path.join(tmp.dir, 'long.parquet');
    expect(await convert(jsonl, out, JSON.stringify(long).length)).toBe(1);
    const [row] = await readParquetRows(out);
    expect((row?.text as string).length).toBe(long.text.length);
  }, 60_000);

  it('a cancel during the conversion ends it as cancelled and cleans its spill folder', async () => {
    const many = Array.from({ length: 40 }, () => records).flat();
    const jsonl = writeRecords('many.jsonl', many);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const run = convertToParquet({
      jsonlPath: jsonl,
      parquetPath: path.join(tmp.dir, 'many.parquet'),
      columns: COLUMNS,
      maxLineBytes: 1000,
      spillDir: path.join(tmp.dir, 'spill-many'),
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(existsSync(path.join(tmp.dir, 'spill-many'))).toBe(false);
  });

  it('reports a malformed line as an io error and cleans its spill folder', async () => {
    const jsonl = path.join(tmp.dir, 'bad.jsonl');
    writeFileSync(jsonl, '{"n": 1}\n{"n": \n');
    await expect(convert(jsonl, path.join(tmp.dir, 'bad.parquet'))).rejects.toMatchObject({
      code: 'io',
    });
    expect(existsSync(path.join(tmp.dir, 'spill-bad.parquet'))).toBe(false);
  });
});

describe('runExport to Parquet', () => {
  let demo: DemoWorkspace;

  beforeAll(async () => {
    demo = await openDemoWorkspace({ lines: 16 });
  }, 60_000);
  afterAll(() => demo.cleanup());

  const options = (out: string) => exportOptions('verl-sft', out);

  it('writes only the Parquet file and the manifest, which hashes the Parquet bytes', async () => {
    const out = path.join(demo.dir, 'parquet-ok');
    const summary = await runExport(demo.workspace, options(out), () => {}, never);
    expect(readdirSync(out).sort()).toEqual(['train.parquet', 'turnwise-manifest.json']);
    const file = path.join(out, 'train.parquet');
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('PAR1');
    const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
    expect(manifest.files).toEqual([manifestEntry(file, 16)]);
    expect(await readParquetRows(file)).toHaveLength(16);
  });

  it.each([
    ['while records are written', (message: string, done: number) => done === 5],
    ['before the conversion', (message: string) => message === 'writing Parquet'],
  ])('a cancel %s leaves no output and no temporary folder', async (_when, cancelAt) => {
    const parent = path.join(demo.dir, `cancel-${String(Math.random()).slice(2)}`);
    mkdirSync(parent);
    const controller = new AbortController();
    const run = runExport(
      demo.workspace,
      options(path.join(parent, 'out')),
      (progress) => {
        if (cancelAt(progress.message ?? '', progress.done)) controller.abort();
      },
      controller.signal,
    );
    await expect(run).rejects.toThrow(/cancelled/);
    expect(readdirSync(parent)).toEqual([]);
  });
});
