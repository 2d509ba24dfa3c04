// Options every DuckDB instance of the engine is made with (docs/security.md, "A received
// workspace"). Nothing a file or a query names is fetched or loaded: a SQLite-looking file made
// DuckDB reach for its sqlite extension, and the extensions Turnwise uses (json, parquet, icu) are
// built into @duckdb/node-api.
export const NO_EXTENSION_LOADING = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
} as const;
