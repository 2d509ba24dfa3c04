import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/test-support';
import { parquetTailText, readParquetRows } from './parquet-rows';
import { writeParquet } from '../../testing/parquet-rows-fixture';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('readParquetRows', () => {
  it('streams every row in order across chunks, as plain values, with progress', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'many.parquet'),
      `SELECT i::BIGINT AS id, 'row ' || i AS text, [i, i + 1] AS pair,
              {'a': i % 2 = 0, 'b': DATE '2024-01-02'} AS s
       FROM range(5000) t(i) ORDER BY i`,
    );
    const progress = { bytesRead: 0 };
    const seen: { line: number; row: Record<string, unknown> }[] = [];
    const fractions: number[] = [];
    for await (const item of readParquetRows(file, {
      progress,
      signal: new AbortController().signal,
    })) {
      seen.push(item);
      fractions.push(progress.bytesRead);
    }
    expect(seen).toHaveLength(5000);
    expect(seen.map((item) => item.line)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    expect(seen[4999]?.row).toEqual({
      id: 4999,
      text: 'row 4999',
      pair: [4999, 5000],
      s: { a: false, b: '2024-01-02T00:00:00.000Z' },
    });
    expect(typeof seen[0]?.row.id).toBe('number');
    const size = statSync(file).size;
    expect(fractions[2499]).toBe(Math.round(size / 2));
    expect(progress.bytesRead).toBe(size);
  });

  it('stops when the signal is aborted', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'abort.parquet'),
      'SELECT i AS id FROM range(10000) t(i)',
    );
    const controller = new AbortController();
    let count = 0;
    for await (const item of readParquetRows(file, {
      progress: { bytesRead: 0 },
      signal: controller.signal,
    })) {
      count += 1;
      if (item.line === 10) controller.abort();
    }
    expect(count).toBe(10);
  });

  it('reads column names from the footer for detection and never throws', async () => {
    const file = await writeParquet(
      path.join(tmp.dir, 'names.parquet'),
      'SELECT 1 AS advantage_col',
    );
    expect(parquetTailText(file)).toContain('advantage_col');
    expect(parquetTailText(path.join(tmp.dir, 'missing.parquet'))).toBe('');
  });
});
