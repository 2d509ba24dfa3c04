// The SQL console: one read-only statement, at most maxRows rows returned (streamed, not all read).
import { JSDuckDBValueConverter, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { TurnwiseError } from '../../../shared/result';
import { toJsonValue, type JsonValue } from './json-values';
import {
  accessProblemIn,
  explainedQuery,
  serializeQuery,
  withoutLeadingComments,
} from './sql-access-guard';
import type { Workspace } from './workspace';

export interface SqlResult {
  columns: { name: string; type: string }[];
  rows: Record<string, JsonValue>[];
  truncated: boolean;
}

const READ_ONLY_TYPES = new Set<StatementType>([StatementType.SELECT, StatementType.EXPLAIN]);

export async function runReadOnlySql(
  workspace: Workspace,
  sql: string,
  maxRows: number,
): Promise<SqlResult> {
  // DuckDB's parser expands IMPORT DATABASE by reading the folder's SQL files, so it is refused
  // before the text reaches the parser.
  if (/\bIMPORT\s+DATABASE\b/i.test(sql)) throw readOnlyError('IMPORT');
  const connection = await workspace.connect();
  try {
    const statements = await connection.extractStatements(sql).catch((error: unknown) => {
      throw new TurnwiseError('invalid_input', sqlMessage(error));
    });
    if (statements.count !== 1) {
      throw new TurnwiseError(
        'read_only',
        `expected exactly one statement, got ${statements.count}; the console runs one query at a time`,
      );
    }
    await checkWorkspaceOnly(connection, sql);
    const prepared = await statements.prepare(0).catch((error: unknown) => {
      // Nothing ran. A write that fails to bind (e.g. DELETE on a view) still gets the
      // read-only answer rather than DuckDB's binder message.
      const keyword = leadingKeyword(sql);
      if (!QUERY_KEYWORDS.has(keyword)) throw readOnlyError(keyword);
      throw new TurnwiseError('invalid_input', sqlMessage(error));
    });
    if (!READ_ONLY_TYPES.has(prepared.statementType)) {
      throw readOnlyError(StatementType[prepared.statementType] ?? 'other');
    }
    // A read-only transaction is a second guard: a query cannot write even through a function.
    await connection.run('BEGIN TRANSACTION READ ONLY');
    try {
      const result = await prepared.stream().catch((error: unknown) => {
        throw new TurnwiseError('invalid_input', sqlMessage(error));
      });
      const names = result.columnNames();
      const columns = names.map((name, index) => ({
        name,
        type: String(result.columnTypes()[index]),
      }));
      const rows: Record<string, JsonValue>[] = [];
      let truncated = false;
      while (!truncated) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        for (const values of chunk.convertRows(JSDuckDBValueConverter)) {
          if (rows.length === maxRows) {
            truncated = true;
            break;
          }
          const row: Record<string, JsonValue> = {};
          names.forEach((name, index) => {
            const value = values[index];
            // A DATE has no time of day: show it as the calendar date, not midnight UTC.
            row[name] =
              value instanceof Date && columns[index]?.type === 'DATE'
                ? value.toISOString().slice(0, 10)
                : toJsonValue(value);
          });
          rows.push(row);
        }
      }
      return { columns, rows, truncated };
    } finally {
      await connection.run('ROLLBACK');
    }
  } finally {
    connection.closeSync();
  }
}

/** Refuses, before anything is bound or run, a query that would reach past the workspace. */
async function checkWorkspaceOnly(connection: DuckDBConnection, sql: string): Promise<void> {
  const query = explainedQuery(sql);
  const serialized = await serializeQuery(connection, query);
  if (!serialized.ok) {
    const keyword = leadingKeyword(query);
    if (!QUERY_KEYWORDS.has(keyword)) throw readOnlyError(keyword);
    if (!serialized.unsupported) throw new TurnwiseError('invalid_input', serialized.message);
    throw new TurnwiseError(
      'read_only',
      `the console could not check that this ${keyword} statement reads only the workspace; write it as a SELECT`,
    );
  }
  const problem = accessProblemIn(serialized.tree);
  if (problem !== null) throw new TurnwiseError('read_only', problem);
}

const QUERY_KEYWORDS = new Set([
  'SELECT',
  'WITH',
  'FROM',
  'VALUES',
  'EXPLAIN',
  'DESCRIBE',
  'SUMMARIZE',
  'SHOW',
  'TABLE',
  'PIVOT',
  'UNPIVOT',
  '(',
]);

/** The first keyword of a statement, past comments and white space. */
function leadingKeyword(sql: string): string {
  const stripped = withoutLeadingComments(sql);
  if (stripped.startsWith('(')) return '(';
  return (/^[A-Za-z_]+/.exec(stripped)?.[0] ?? '').toUpperCase();
}

function readOnlyError(kind: string): TurnwiseError {
  return new TurnwiseError(
    'read_only',
    `only queries (SELECT, WITH ... SELECT, EXPLAIN) are allowed here; this is a ${kind} statement`,
  );
}

function sqlMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
