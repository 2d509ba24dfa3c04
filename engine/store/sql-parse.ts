// DuckDB's parser as a function of text: the parse trees of a text's statements, without binding
// (nothing is opened or run). The guard, the expression probes and the call caps all parse here.
import type { DuckDBConnection } from '@duckdb/node-api';

export type ParsedSql =
  { ok: true; statements: unknown[] } | { ok: false; unsupported: boolean; message: string };

/**
 * The parse trees of the statements in a text, or DuckDB's reason it gave none. The parser is
 * called by its full name: a workspace's own macro named json_serialize_sql would otherwise
 * decide what the guard sees (workspace-integrity.ts refuses such a macro too).
 */
export async function parseSql(connection: DuckDBConnection, sql: string): Promise<ParsedSql> {
  const reader = await connection.runAndReadAll(
    'SELECT system.main.json_serialize_sql($1::VARCHAR) AS tree',
    [sql],
  );
  const text = reader.getRowObjectsJS()[0]?.tree;
  const parsed = JSON.parse(typeof text === 'string' ? text : '{}') as {
    error?: boolean;
    error_type?: string;
    error_message?: string;
    statements?: unknown[];
  };
  if (parsed.error === true) {
    return {
      ok: false,
      unsupported: parsed.error_type === 'not implemented',
      message: parsed.error_message ?? 'the query could not be parsed',
    };
  }
  return { ok: true, statements: parsed.statements ?? [] };
}
