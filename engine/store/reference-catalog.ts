// The catalog Turnwise's own code makes: the migrations run on an in-memory database, read back
// as DuckDB renders it. schema-catalog.generated.json holds it (`npm run generate`), so opening a
// workspace compares against it without replaying the migrations; schema-catalog.test.ts fails
// while the file is stale (a new migration, or a DuckDB upgrade that renders SQL differently).
import { DuckDBInstance } from '@duckdb/node-api';
import { NO_EXTENSION_LOADING } from './duckdb-options';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { readCatalog, type CatalogObject } from './schema-catalog';
import { TW_META_TABLE } from './tw-meta';

export interface ReferenceCatalog {
  duckdb_version: string;
  schema_version: number;
  /** In the order the migrations made them last, so dependencies come first. */
  objects: CatalogObject[];
}

export async function buildReferenceCatalog(): Promise<ReferenceCatalog> {
  const instance = await DuckDBInstance.create(':memory:', NO_EXTENSION_LOADING);
  const connection = await instance.connect();
  try {
    await connection.run(TW_META_TABLE);
    for (const migration of MIGRATIONS) {
      for (const statement of migration.statements) await connection.run(statement);
    }
    const order = (
      await connection.runAndReadAll(
        `SELECT name FROM (
           SELECT view_name AS name, view_oid AS oid FROM system.main.duckdb_views()
             WHERE NOT internal
           UNION ALL SELECT function_name, function_oid FROM system.main.duckdb_functions()
             WHERE NOT internal
           UNION ALL SELECT table_name, table_oid FROM system.main.duckdb_tables())
         ORDER BY oid`,
      )
    )
      .getRowObjectsJS()
      .map((row) => String(row.name));
    const rank = (object: CatalogObject) => order.indexOf(object.name);
    const objects = (await readCatalog(connection)).sort((a, b) => rank(a) - rank(b));
    const version = (
      await connection.runAndReadAll('SELECT library_version FROM system.main.pragma_version()')
    ).getRowObjectsJS()[0]?.library_version;
    return { duckdb_version: String(version), schema_version: SCHEMA_VERSION, objects };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
