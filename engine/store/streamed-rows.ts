// A query's rows streamed from a connection of one's own, for reads over every turn of a dataset
// that must not hold them all: each chunk of rows (DuckDB's ~2,048) is converted to JSON values as
// workspace.query converts them (json-values.ts) and parsed with a zod schema (query-as.ts).
// Parsing costs about 0.2 µs a row, against several µs for DuckDB to produce and convert it.
import { JSDuckDBValueConverter, type DuckDBConnection } from '@duckdb/node-api';
import type { z } from 'zod';
import { toJsonValue, type JsonValue } from './json-values';
import { parseRows } from './query-as';
import type { SqlFragment } from './sql-template';

type Streaming = Pick<DuckDBConnection, 'stream'>;

/**
 * The rows of `statement`, parsed with `schema`, in the query's order. A row that does not match
 * fails as parseRows says, its number counted within its chunk.
 */
export async function* streamRowsAs<S extends z.ZodType>(
  schema: S,
  connection: Streaming,
  statement: SqlFragment,
): AsyncGenerator<z.output<S>> {
  const result = await connection.stream(statement.text, statement.params);
  const names = result.columnNames();
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) return;
    const rows = chunk.convertRows(JSDuckDBValueConverter).map((values) => {
      const row: Record<string, JsonValue> = {};
      names.forEach((name, index) => (row[name] = toJsonValue(values[index])));
      return row;
    });
    yield* parseRows(schema, statement.text, rows);
  }
}
