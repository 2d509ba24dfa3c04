// Test support: writes a Parquet file from a DuckDB SELECT (COPY ... TO), as users' tools do.
import { DuckDBInstance } from '@duckdb/node-api';

export async function writeParquet(file: string, select: string): Promise<string> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${select}) TO '${file.replace(/'/g, "''")}' (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return file;
}
