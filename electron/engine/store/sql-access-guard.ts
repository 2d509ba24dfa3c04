// The SQL console may read the workspace and nothing else. A read-only transaction stops writes,
// but a SELECT can still read any file (read_text('/etc/passwd'), FROM 'secrets.csv'), run SQL
// from a string (query(), json_execute_serialized_sql) or checkpoint. DuckDB's own switch for that,
// enable_external_access, is per database and one-way, and imports need files. So the query's
// parse tree (json_serialize_sql, which parses without binding: nothing is opened) is checked
// before the query is prepared, since binding a file function already opens the file.
import type { DuckDBConnection } from '@duckdb/node-api';

/** Table functions that read only the catalog, or make rows from their arguments. */
const ALLOWED_TABLE_FUNCTIONS = new Set([
  'range',
  'generate_series',
  'unnest',
  'repeat',
  'repeat_row',
  'json_each',
  'json_tree',
  'summary',
  'icu_calendar_names',
  'pg_timezone_names',
  'pragma_table_info',
  'pragma_show',
  'pragma_version',
  'pragma_platform',
  'pragma_database_size',
  'pragma_storage_info',
  'pragma_collations',
  'duckdb_columns',
  'duckdb_constraints',
  'duckdb_databases',
  'duckdb_dependencies',
  'duckdb_extensions',
  'duckdb_functions',
  'duckdb_indexes',
  'duckdb_keywords',
  'duckdb_memory',
  'duckdb_schemas',
  'duckdb_sequences',
  'duckdb_settings',
  'duckdb_tables',
  'duckdb_types',
  'duckdb_views',
]);

/** Scalar functions with side effects (a read-only transaction refuses some, not with a reason). */
const DENIED_SCALAR_FUNCTIONS = new Set(['nextval', 'setval', 'write_log']);

/** A table name that DuckDB would read as a file or URL (a replacement scan) rather than a table. */
const PATH_LIKE = /[/\\:.~*?]/;

/** The first reason the parse tree reaches past the workspace, or null. */
export function accessProblemIn(tree: unknown): string | null {
  if (Array.isArray(tree)) {
    for (const item of tree) {
      const problem = accessProblemIn(item);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (tree === null || typeof tree !== 'object') return null;
  const node = tree as Record<string, unknown>;
  const problem = nodeProblem(node);
  if (problem !== null) return problem;
  return accessProblemIn(Object.values(node));
}

function nodeProblem(node: Record<string, unknown>): string | null {
  if (node.type === 'TABLE_FUNCTION') {
    const name = functionName(node.function);
    if (!ALLOWED_TABLE_FUNCTIONS.has(name)) {
      return `${name}() reads files, other databases or SQL text, or changes the database; the console reads the workspace's tables and views only`;
    }
  }
  if (node.type === 'BASE_TABLE' || node.type === 'SHOW_REF') {
    const table = typeof node.table_name === 'string' ? node.table_name.replaceAll('"', '') : '';
    if (PATH_LIKE.test(table)) {
      return `'${table}' would be read as a file or URL; the console reads the workspace's tables and views only`;
    }
  }
  if (node.class === 'FUNCTION' && node.type === 'FUNCTION') {
    const name = functionName(node);
    if (DENIED_SCALAR_FUNCTIONS.has(name)) return `${name}() changes the database`;
  }
  return null;
}

function functionName(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const name = (value as Record<string, unknown>).function_name;
  return typeof name === 'string' ? name.toLowerCase() : '';
}

export type SerializedQuery =
  { ok: true; tree: unknown } | { ok: false; unsupported: boolean; message: string };

/** The parse tree of one query, or why DuckDB would not give it (not a SELECT, or bad syntax). */
export async function serializeQuery(
  connection: DuckDBConnection,
  sql: string,
): Promise<SerializedQuery> {
  const reader = await connection.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS tree', [
    sql,
  ]);
  const text = reader.getRowObjectsJS()[0]?.tree;
  const parsed = JSON.parse(typeof text === 'string' ? text : '{}') as {
    error?: boolean;
    error_type?: string;
    error_message?: string;
    statements?: unknown;
  };
  if (parsed.error === true) {
    return {
      ok: false,
      unsupported: parsed.error_type === 'not implemented',
      message: parsed.error_message ?? 'the query could not be parsed',
    };
  }
  return { ok: true, tree: parsed.statements ?? null };
}

/** The statement without the white space and comments before its first keyword. */
export function withoutLeadingComments(sql: string): string {
  return sql.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '');
}

/** EXPLAIN [ANALYZE] runs or plans the query after it: that query is the one to check. */
export function explainedQuery(sql: string): string {
  const statement = withoutLeadingComments(sql);
  const match = /^EXPLAIN\b(?:\s+ANALY[SZ]E\b)?(?:\s*\([^)]*\))?/i.exec(statement);
  return match === null ? sql : statement.slice(match[0].length);
}
