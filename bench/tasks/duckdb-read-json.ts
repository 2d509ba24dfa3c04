// Baseline: a bare DuckDB read_json of the same file into a table of a fresh database file.
import { DuckDBInstance } from '@duckdb/node-api';
import { argument, measure } from './measure';

const file = argument(0, 'JSONL file');
const db = argument(1, 'database file');

await measure(async () => {
  const instance = await DuckDBInstance.create(db);
  const connection = await instance.connect();
  await connection.run(
    `CREATE TABLE raw AS SELECT * FROM read_json('${file.replaceAll("'", "''")}',
       format = 'newline_delimited', maximum_object_size = 1073741824)`,
  );
  const reader = await connection.runAndReadAll('SELECT count(*)::INTEGER AS n FROM raw');
  const records = Number(reader.getRows()[0]?.[0]);
  connection.closeSync();
  instance.closeSync();
  return { records };
});
