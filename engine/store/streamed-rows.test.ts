import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { sql } from './sql-template';
import { streamRowsAs } from './streamed-rows';

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

async function all<T>(rows: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('streamRowsAs', () => {
  it('parses every row of every chunk, BIGINT and timestamps as workspace.query gives them', async () => {
    const rows = await all(
      streamRowsAs(
        z.object({ n: z.number(), at: z.string() }),
        connection,
        sql`SELECT range AS n, TIMESTAMPTZ '2024-01-02 03:04:05+00' AS at
            FROM range(${5000}) ORDER BY n`,
      ),
    );
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ n: 4999, at: '2024-01-02T03:04:05.000Z' });
  });

  it('fails on a row that does not match, naming the query and the field', async () => {
    await expect(
      all(streamRowsAs(z.object({ n: z.string() }), connection, sql`SELECT 1 AS n`)),
    ).rejects.toThrow(
      expect.objectContaining({
        code: 'internal',
        message: expect.stringMatching(/^query "SELECT 1 AS n": row 1, field 'n': /),
      }),
    );
  });
});
