// sql`...` fragments on a connection of one's own (a job's, or a transaction's tx), which takes
// text and params only: the same rows as workspace.query gives, parsed with zod when asked.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { z } from 'zod';
import { toJsonRow } from './json-values';
import { parseRows } from './query-as';
import type { SqlFragment } from './sql-template';
import type { Row } from './workspace';

type Connection = Pick<DuckDBConnection, 'run' | 'runAndReadAll'>;

/** Runs a statement for its effect. */
export async function runOn(connection: Connection, statement: SqlFragment): Promise<void> {
  await connection.run(statement.text, statement.params);
}

/** A query's rows as plain JSON values (json-values.ts), as workspace.query returns them. */
export async function rowsOn(connection: Connection, statement: SqlFragment): Promise<Row[]> {
  const reader = await connection.runAndReadAll(statement.text, statement.params);
  return reader.getRowObjectsJS().map(toJsonRow);
}

/** A query's rows parsed with `schema` (query-as.ts), as workspace.queryAs returns them. */
export async function rowsAsOn<S extends z.ZodType>(
  schema: S,
  connection: Connection,
  statement: SqlFragment,
): Promise<z.output<S>[]> {
  return parseRows(schema, statement.text, await rowsOn(connection, statement));
}
