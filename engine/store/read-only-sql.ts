// The SQL console: one guarded query (sql-guard), run read-only within its bounds (bounded-query),
// its rows streamed chunk by chunk and converted one row at a time until the row or byte cap, so
// a huge result is never held whole, here or in the renderer.
import { JSDuckDBValueConverter, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../shared/result';
import { withQueryBounds, type QueryBounds, type QueryStop } from './bounded-query';
import { toJsonValue, type JsonValue } from './json-values';
import { timeQuery } from './query-timing';
import { guardQuery, refused } from './sql-guard';
import { transaction } from './transaction';
import type { Workspace } from './workspace';

export interface SqlLimits {
  maxRows: number;
  /** The result's size as JSON, at most. */
  maxBytes: number;
}

export interface SqlResult {
  columns: { name: string; type: string }[];
  rows: Record<string, JsonValue>[];
  truncated: boolean;
  /** Which cap cut the result, if one did. */
  cut_by: 'rows' | 'bytes' | null;
  /** The size of the rows returned, as JSON. */
  bytes: number;
  max_bytes: number;
}

const READ_ONLY_TYPES = new Set<StatementType>([StatementType.SELECT, StatementType.EXPLAIN]);

export async function runReadOnlySql(
  workspace: Workspace,
  sql: string,
  limits: SqlLimits,
  bounds: QueryBounds,
): Promise<SqlResult> {
  return timeQuery(
    'console',
    sql,
    () => runBounded(workspace, sql, limits, bounds),
    (result) => result.rows.length,
  );
}

async function runBounded(
  workspace: Workspace,
  sql: string,
  limits: SqlLimits,
  bounds: QueryBounds,
): Promise<SqlResult> {
  const connection = await workspace.connect();
  try {
    const guarded = await guardQuery(connection, sql);
    return await withQueryBounds(connection, bounds, async (stop) => {
      const prepared = await connection.prepare(guarded.sql).catch((error: unknown) => {
        throw queryFailure(error);
      });
      // The guard admits queries only; this is a second look at what DuckDB made of the text.
      if (!READ_ONLY_TYPES.has(prepared.statementType)) {
        throw refused(`only queries can run here, not ${StatementType[prepared.statementType]}`);
      }
      // A read-only transaction is a further layer: nothing the query calls can write.
      return transaction(
        connection,
        async () => {
          const result = await prepared.stream().catch((error: unknown) => {
            throw queryFailure(error);
          });
          return readCapped(result, limits, stop);
        },
        { readOnly: true, keep: false },
      );
    });
  } finally {
    connection.closeSync();
  }
}

type Streamed = Awaited<ReturnType<Awaited<ReturnType<DuckDBConnection['prepare']>>['stream']>>;

async function readCapped(
  result: Streamed,
  limits: SqlLimits,
  stop: QueryStop,
): Promise<SqlResult> {
  const names = result.columnNames();
  const types = result.columnTypes().map(String);
  const columns = names.map((name, index) => ({ name, type: types[index] ?? '' }));
  const rows: Record<string, JsonValue>[] = [];
  let bytes = 1; // "[" and "]", less the comma the first row does not need
  let cutBy: SqlResult['cut_by'] = null;
  while (cutBy === null && stop.reason === null) {
    const chunk = await result.fetchChunk().catch((error: unknown) => {
      throw queryFailure(error);
    });
    if (!chunk || chunk.rowCount === 0) break;
    for (let index = 0; index < chunk.rowCount; index += 1) {
      if (rows.length === limits.maxRows) {
        cutBy = 'rows';
        break;
      }
      const values = chunk.convertRowValues(index, JSDuckDBValueConverter);
      const row: Record<string, JsonValue> = {};
      names.forEach((name, column) => {
        const value = values[column];
        // A DATE has no time of day: show it as the calendar date, not midnight UTC.
        row[name] =
          value instanceof Date && types[column] === 'DATE'
            ? value.toISOString().slice(0, 10)
            : toJsonValue(value);
      });
      const size = JSON.stringify(row).length + 1;
      if (bytes + size > limits.maxBytes) {
        cutBy = 'bytes';
        break;
      }
      bytes += size;
      rows.push(row);
    }
  }
  return {
    columns,
    rows,
    truncated: cutBy !== null,
    cut_by: cutBy,
    bytes,
    max_bytes: limits.maxBytes,
  };
}

function sqlMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** DuckDB's reason a query failed: its own memory limit is a resource limit, the rest input. */
function queryFailure(error: unknown): TurnwiseError {
  const message = sqlMessage(error);
  return /^Out of Memory Error/.test(message)
    ? new TurnwiseError(
        'resource_limit',
        `the query needed more memory than the workspace may use; select fewer rows or shorter values (${message})`,
      )
    : new TurnwiseError('invalid_input', message);
}
