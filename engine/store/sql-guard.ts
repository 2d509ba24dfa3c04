// The one guard for SQL a person writes: the console (runSql, `turnwise sql`), export `--where`,
// regroup `--by` and the expressions stored in attachment specs. DuckDB's own parser
// (json_serialize_sql parses without binding, so nothing is opened) gives the tree, and
// sql-guard-tree walks it against an allowlist. A read-only transaction stops writes but not
// file reads, and enable_external_access is one-way per database (imports need files), so this
// is the layer that keeps user SQL inside the workspace (docs/security.md).
import type { DuckDBConnection } from '@duckdb/node-api';
import { PUBLIC_VIEWS } from '../../shared/public-views';
import { TurnwiseError } from '../../shared/result';
import { capCalls } from './sql-call-caps';
import { parseSql } from './sql-parse';
import { treeProblem, type GuardScope } from './sql-guard-tree';

const PUBLIC_RELATIONS: ReadonlySet<string> = new Set(PUBLIC_VIEWS);
const PUBLIC_SCOPE = { relations: PUBLIC_RELATIONS };

/** How a guarded query is to be run: the text that was checked, with an EXPLAIN prefix we wrote. */
export interface GuardedQuery {
  sql: string;
  explain: 'none' | 'plan' | 'analyze';
}

/** Names in the catalog other than the public views: no CTE may take one of them. */
export async function catalogNames(connection: DuckDBConnection): Promise<Set<string>> {
  const reader = await connection.runAndReadAll(
    `SELECT system.main.lower(view_name) AS name FROM system.main.duckdb_views()
     UNION SELECT system.main.lower(table_name) FROM system.main.duckdb_tables()`,
  );
  const names = new Set(reader.getRowObjectsJS().map((row) => String(row.name)));
  for (const view of PUBLIC_RELATIONS) names.delete(view);
  return names;
}

export function refused(why: string): TurnwiseError {
  return new TurnwiseError('read_only', why);
}

/** The statement without the white space and comments before its first keyword. */
export function withoutLeadingComments(sql: string): string {
  return sql.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '');
}

/**
 * Checks one query from the console. EXPLAIN [ANALYZE] is recognised only as those keywords
 * followed by a query, which is parsed and checked whole; what runs is our prefix plus exactly
 * that checked text, so nothing outside the checked statement can reach DuckDB.
 */
export async function guardQuery(connection: DuckDBConnection, sql: string): Promise<GuardedQuery> {
  // DuckDB's parser expands IMPORT DATABASE by reading the folder's SQL files.
  if (/\bIMPORT\s+DATABASE\b/i.test(sql)) throw refused('IMPORT DATABASE reads files');
  const statement = withoutLeadingComments(sql);
  let explain: GuardedQuery['explain'] = 'none';
  let query = sql;
  const prefix = /^EXPLAIN(\s+ANALY[SZ]E)?\b\s*/i.exec(statement);
  if (prefix !== null) {
    explain = prefix[1] === undefined ? 'plan' : 'analyze';
    query = statement.slice(prefix[0].length);
  }
  try {
    const capped = await capCalls(
      connection,
      await checkStatement(connection, query, PUBLIC_SCOPE),
    );
    // What runs is DuckDB's text of the rewritten tree, checked again like the person's own.
    if (capped !== null) {
      await checkStatement(connection, capped, PUBLIC_SCOPE);
      query = capped;
    }
  } catch (error) {
    // EXPLAIN (ANALYZE, FORMAT ...) options would be parsed as the start of the query.
    if (prefix !== null && query.startsWith('(') && error instanceof TurnwiseError) {
      throw refused(
        `EXPLAIN takes no options in parentheses here: write EXPLAIN or EXPLAIN ANALYZE before one query (${error.message})`,
      );
    }
    throw error;
  }
  const run =
    explain === 'none' ? query : `EXPLAIN ${explain === 'analyze' ? 'ANALYZE ' : ''}${query}`;
  return { sql: run, explain };
}

/** Parses one statement and checks its tree; returns the tree. */
export async function checkStatement(
  connection: DuckDBConnection,
  sql: string,
  scope: Omit<GuardScope, 'catalogNames'>,
): Promise<unknown> {
  const parsed = await parseSql(connection, sql);
  if (!parsed.ok) {
    if (parsed.unsupported) {
      throw refused(
        `only a query (SELECT, WITH ... SELECT, FROM, VALUES, DESCRIBE, SUMMARIZE, EXPLAIN) can run here; ${statementKind(sql)} statements are refused`,
      );
    }
    throw new TurnwiseError('invalid_input', parsed.message);
  }
  if (parsed.statements.length !== 1) {
    throw refused(
      `expected exactly one statement, got ${parsed.statements.length}; one query runs at a time`,
    );
  }
  const tree = parsed.statements[0];
  const problem = treeProblem(tree, { ...scope, catalogNames: await catalogNames(connection) });
  if (problem !== null) throw refused(problem);
  return tree;
}

function statementKind(sql: string): string {
  const keyword = /^[A-Za-z_]+/.exec(withoutLeadingComments(sql))?.[0];
  return keyword === undefined ? 'other' : keyword.toUpperCase();
}
