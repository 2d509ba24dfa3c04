// What a workspace's catalog holds, read the same way from a file and from the reference schema
// the migrations build (schema-catalog.generated.json). Every system function is called by its
// full name: a workspace may define a macro named `duckdb_views` or `json_serialize_sql`, and an
// unqualified call would run the workspace's macro instead (docs/security.md).
import type { DuckDBConnection } from '@duckdb/node-api';

export type CatalogKind =
  'table' | 'view' | 'macro' | 'table_macro' | 'index' | 'sequence' | 'type' | 'schema';

export interface CatalogObject {
  kind: CatalogKind;
  schema: string;
  name: string;
  /**
   * DuckDB's own rendering of the object: its CREATE statement, or for a macro
   * `(parameters) AS body` (`AS TABLE body` for a table macro), which CREATE MACRO name takes.
   */
  definition: string;
}

// One statement, no function of the workspace's: only system table functions by full name, and
// comparisons and NOT (operators DuckDB binds itself, never looked up in the catalog).
const CATALOG_SQL = `
  SELECT 'table' AS kind, schema_name, table_name AS name, sql AS definition, NULL AS parameters
    FROM system.main.duckdb_tables() WHERE NOT temporary
  UNION ALL SELECT 'view', schema_name, view_name, sql, NULL
    FROM system.main.duckdb_views() WHERE NOT internal AND NOT temporary
  UNION ALL SELECT function_type, schema_name, function_name, macro_definition, parameters
    FROM system.main.duckdb_functions() WHERE NOT internal
  UNION ALL SELECT 'index', schema_name, index_name, sql, NULL
    FROM system.main.duckdb_indexes()
  UNION ALL SELECT 'sequence', schema_name, sequence_name, NULL, NULL
    FROM system.main.duckdb_sequences() WHERE NOT temporary
  UNION ALL SELECT 'type', schema_name, type_name, NULL, NULL
    FROM system.main.duckdb_types() WHERE NOT internal
  UNION ALL SELECT 'schema', schema_name, schema_name, NULL, NULL
    FROM system.main.duckdb_schemas() WHERE NOT internal`;

const KINDS: ReadonlySet<string> = new Set([
  'table',
  'view',
  'macro',
  'table_macro',
  'index',
  'sequence',
  'type',
  'schema',
]);

/** The objects of the connection's catalog that DuckDB itself did not make, sorted. */
export async function readCatalog(connection: DuckDBConnection): Promise<CatalogObject[]> {
  const rows = (await connection.runAndReadAll(CATALOG_SQL)).getRowObjectsJS();
  return rows.map(toCatalogObject).sort(compareObjects);
}

function toCatalogObject(row: Record<string, unknown>): CatalogObject {
  const kind = String(row.kind);
  const parameters = Array.isArray(row.parameters) ? row.parameters.map(String) : null;
  const text = typeof row.definition === 'string' ? row.definition : '';
  // DuckDB renders a cast to DOUBLE in a macro as AS "DOUBLE" when the macro was made in this
  // session and AS DOUBLE once read back from the file; both mean the built-in type (the check
  // refuses every user-defined type), so the quotes are dropped before comparing.
  const body = parameters === null ? text : text.replace(/ AS "([A-Za-z_]\w*)"\)/g, ' AS $1)');
  return {
    // A function kind DuckDB adds later is kept as it is named, and so never matches.
    kind: (KINDS.has(kind) ? kind : `other:${kind}`) as CatalogKind,
    schema: String(row.schema_name),
    name: String(row.name),
    definition:
      parameters === null
        ? body
        : `(${parameters.join(', ')}) AS ${kind === 'table_macro' ? 'TABLE ' : ''}${body}`,
  };
}

export function compareObjects(a: CatalogObject, b: CatalogObject): number {
  return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
}

/** kind, schema and name: two objects with the same key are the same object. */
export function keyOf(object: Pick<CatalogObject, 'kind' | 'schema' | 'name'>): string {
  return `${object.kind} ${object.schema}.${object.name}`;
}

/** How an object is named in a message: "view main.trajectories". */
export function describeObject(object: Pick<CatalogObject, 'kind' | 'schema' | 'name'>): string {
  return `${object.kind.replace('_', ' ')} ${object.schema}.${object.name}`;
}
